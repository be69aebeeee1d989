import { describe, expect, it } from "vitest";
import { canonicalPath, canonicalUrl } from "./canonical-url";

describe("canonical URL", () => {
  it.each([
    ["/", "/"],
    ["/services/", "/services"],
    ["//team///dr-x//", "/team/dr-x"],
    ["/blog/post", "/blog/post"],
    ["services", "/services"],
  ])("%s → %s", (input, expected) => {
    expect(canonicalPath(input)).toBe(expected);
  });

  it("is absolute with the public URL", () => {
    expect(canonicalUrl("https://clinic.example", "/team//")).toBe("https://clinic.example/team");
    expect(canonicalUrl("https://clinic.example/", "/")).toBe("https://clinic.example/");
  });
});
