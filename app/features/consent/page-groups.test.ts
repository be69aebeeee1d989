import { describe, expect, it } from "vitest";
import { pageGroupOf, tagsMayRun } from "./page-groups";

describe("page groups", () => {
  it("names the site's fixed pages by their group", () => {
    expect(pageGroupOf("/")).toBe("home");
    expect(pageGroupOf("/services/")).toBe("services");
    expect(pageGroupOf("/locations/downtown")).toBe("services");
    expect(pageGroupOf("/insurance")).toBe("insurance");
    expect(pageGroupOf("/team/dr-rivera")).toBe("team");
    expect(pageGroupOf("/blog/page/2")).toBe("blog");
    expect(pageGroupOf("/blog/coping-with-stress")).toBe("blog");
    expect(pageGroupOf("/request-appointment")).toBe("request");
    expect(pageGroupOf("/get-started")).toBe("request");
    expect(pageGroupOf("/thank-you")).toBe("thank-you");
  });

  it("treats every other page, treatments and anything unknown, as a condition page", () => {
    for (const path of [
      "/depression",
      "/adhd",
      "/anxiety-therapy",
      "/aetna",
      "/privacy",
      "/blog/a/b/c",
      "/team/../x",
    ]) {
      expect(pageGroupOf(path)).toBe("conditions");
    }
  });

  it("lets tags run only where a group is switched on, and never on condition pages", () => {
    expect(tagsMayRun(["home"], "/")).toBe(true);
    expect(tagsMayRun(["home"], "/team")).toBe(false);
    expect(tagsMayRun(["home", "conditions"], "/depression")).toBe(false);
  });
});
