import { createContext, useContext } from "react";

/**
 * The site's CSS, inlined into every document by the server so the first
 * paint waits for no stylesheet request. The browser never receives it twice:
 * on the client the context is empty and React keeps the server's <style>.
 */
export const InlineStylesContext = createContext<string | null>(null);

export function InlineStyles() {
  const css = useContext(InlineStylesContext);
  return (
    <style
      id="site-css"
      // The client renders an empty string; hydration keeps the server text.
      dangerouslySetInnerHTML={{ __html: css ?? "" }}
      suppressHydrationWarning
    />
  );
}
