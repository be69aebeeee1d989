import { describe, expect, it } from "vitest";
import { redactPath, referrerOrigin } from "./redact";

describe("redactPath", () => {
  it("keeps neutral pages", () => {
    for (const path of ["/", "/insurance", "/team", "/pricing", "/new-patients", "/virtual-visit", "/blog"]) {
      expect(redactPath(path)).toBe(path);
    }
    expect(redactPath("/locations/winter-park")).toBe("/locations/winter-park");
    expect(redactPath("/team/")).toBe("/team");
  });

  it("turns condition, treatment, blog-post, provider and unknown pages into /page", () => {
    for (const path of ["/depression", "/anxiety-therapy", "/blog/coping-with-panic", "/aetna", "/team/dr-x", "/x"]) {
      expect(redactPath(path)).toBe("/page");
    }
    expect(redactPath("/locations/a/b")).toBe("/page");
  });
});

describe("referrerOrigin", () => {
  it("keeps the origin only", () => {
    expect(referrerOrigin("https://search.example/q?term=depression")).toBe("https://search.example");
    expect(referrerOrigin("")).toBe("");
    expect(referrerOrigin("not a url")).toBe("");
  });
});
