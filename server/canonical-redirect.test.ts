import { describe, expect, it } from "vitest";
import { canonicalRedirectTarget } from "./canonical-redirect";

const get = (url: string) => canonicalRedirectTarget({ method: "GET", url });

describe("canonical redirect target", () => {
  it.each([
    ["/services/", "/services"],
    ["/team//maya-ellison", "/team/maya-ellison"],
    ["//team///maya-ellison//", "/team/maya-ellison"],
    ["///", "/"],
    ["/blog/?page=2&utm_source=x", "/blog?page=2&utm_source=x"],
    ["//?q=1", "/?q=1"],
    // Slashes inside the query string are the query's business.
    ["/search/?next=//a//b/", "/search?next=//a//b/"],
  ])("%s → %s", (url, target) => {
    expect(get(url)).toBe(target);
  });

  it.each(["/", "/services", "/team/maya-ellison", "/?q=//x/", "/blog?next=/a/", "*", "http://host/a/"])(
    "leaves %s alone",
    (url) => {
      expect(get(url)).toBeNull();
    },
  );

  it("never points at another site", () => {
    expect(get("//evil.example/")).toBe("/evil.example");
    expect(get("/\\evil.example/")).toBe("/%5Cevil.example");
  });

  it("answers HEAD like GET and leaves every other method alone", () => {
    expect(canonicalRedirectTarget({ method: "HEAD", url: "/services/" })).toBe("/services");
    for (const method of ["POST", "PUT", "DELETE", "OPTIONS", "PATCH"]) {
      expect(canonicalRedirectTarget({ method, url: "/api/leads/" })).toBeNull();
    }
  });
});
