import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { documentCsp, inlineScriptHashes } from "./csp.server";

const sha = (s: string) => `'sha256-${crypto.createHash("sha256").update(s).digest("base64")}'`;

describe("document CSP", () => {
  const html = [
    "<script>window.a=1</script>",
    '<script type="module" async="">import "/assets/x.js"</script>',
    '<script src="/assets/y.js"></script>',
    '<script type="application/ld+json">{"@type":"X"}</script>',
    "<script>window.a=1</script>",
  ].join("");

  it("allows exactly the inline scripts by hash, once each", () => {
    expect(inlineScriptHashes(html)).toEqual([sha("window.a=1"), sha('import "/assets/x.js"')]);
  });

  it("never allows unsafe-inline scripts and forbids framing", () => {
    const csp = documentCsp(html);
    const scriptSrc = csp.split("; ").find((d) => d.startsWith("script-src"))!;
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(scriptSrc).toContain(sha("window.a=1"));
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
  });

  it("adds extra origins to the named directives only", () => {
    const csp = documentCsp(html, { script: ["https://s.example"], img: ["https://i.example"] });
    const directive = (name: string) => csp.split("; ").find((d) => d.startsWith(`${name} `))!;
    expect(directive("script-src")).toMatch(/^script-src 'self' .* https:\/\/s\.example$/);
    expect(directive("img-src")).toBe("img-src 'self' data: https://i.example");
    expect(directive("connect-src")).toBe("connect-src 'self'");
    expect(documentCsp(html)).toBe(documentCsp(html, {}));
  });
});
