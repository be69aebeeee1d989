import { describe, expect, it } from "vitest";
import { isStaffAreaPath } from "~/lib/staff-area";
import { robotsTxt } from "./robots";

describe("robots.txt", () => {
  it("keeps crawlers out of the private paths and names the sitemap", () => {
    expect(robotsTxt("https://clinic.example/")).toBe(
      [
        "User-agent: *",
        "Disallow: /admin",
        "Disallow: /auth",
        "Disallow: /thank-you",
        "Disallow: /api",
        "Disallow: /newsletter",
        "",
        "Sitemap: https://clinic.example/sitemap.xml",
        "",
      ].join("\n"),
    );
  });

  it.each([
    ["/admin", true],
    ["/admin/seo", true],
    ["/administrator", false],
    ["/", false],
    ["/team/admin", false],
  ])("%s is in the staff area: %s", (path, expected) => {
    expect(isStaffAreaPath(path)).toBe(expected);
  });
});
