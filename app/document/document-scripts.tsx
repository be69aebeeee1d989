import { Scripts } from "react-router";

/**
 * React Router's <Scripts>, in the server's HTML only. Rendered again in the
 * browser it has nothing left to do: its scripts already ran
 * (hydrate-after-paint.server.ts) and it drops them right after hydration. But
 * during hydration it renders one <link rel="modulepreload"> per module, which
 * React 19 hoists into <head>; the server HTML no longer has them, so React
 * creates about 40 elements in the hydration commit (a long task on a phone)
 * and removes them again a moment later. Without it, React leaves the server's
 * script elements at the end of <body> alone, as it does with any node there
 * that it does not expect.
 */
export function DocumentScripts() {
  return typeof document === "undefined" ? <Scripts /> : null;
}
