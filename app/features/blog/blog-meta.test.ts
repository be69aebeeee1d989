import { describe, expect, it } from "vitest";
import { META_LIMITS } from "~/lib/meta-limits";
import { paginatedDescription, paginatedTitle } from "./list-page-words.server";
import { blogPagePath, pageWindow, parsePageParam } from "./pagination";
import { postDay, updatedLater } from "./post-dates";

const clinic = "Cypress Lane Behavioral Health";
const listTitle = "Mental Health Blog | Cypress Lane Behavioral Health";
const listDescription =
  "Plain-language articles from the Cypress Lane team on anxiety, depression, therapy, medication and everyday mental health, reviewed by licensed clinicians.";

describe("the list's pages", () => {
  it("live at /blog and /blog/page/{n}", () => {
    expect(blogPagePath(1)).toBe("/blog");
    expect(blogPagePath(2)).toBe("/blog/page/2");
  });

  it("take only plain page numbers", () => {
    expect(parsePageParam("2")).toBe(2);
    expect(parsePageParam("1")).toBe(1);
    for (const bad of ["0", "02", "-1", "2.5", "abc", "1e3", "", undefined, "9999999"]) {
      expect(parsePageParam(bad)).toBeNull();
    }
  });

  it("show the first, the last and the neighbours of the current page", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 10)).toEqual([1, 2, null, 10]);
    expect(pageWindow(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    // A gap of a single page shows the page instead of "…".
    expect(pageWindow(4, 10)).toEqual([1, 2, 3, 4, 5, null, 10]);
    expect(pageWindow(10, 10)).toEqual([1, null, 9, 10]);
  });

  it("have titles within 60 characters that name the page", () => {
    expect(paginatedTitle(listTitle, 1, clinic)).toBe(listTitle);
    expect(paginatedTitle(listTitle, 2, clinic)).toBe("Mental Health Blog – Page 2 | Cypress Lane Behavioral Health");
    expect(paginatedTitle(listTitle, 12, clinic)).toBe("Mental Health Blog – Page 12 | Cypress Lane");
    for (let page = 1; page < 2000; page += 37) {
      expect(paginatedTitle(listTitle, page, clinic).length).toBeLessThanOrEqual(META_LIMITS.titleMax);
    }
    expect(paginatedTitle("Blog", 3, clinic)).toBe("Blog – Page 3 | Cypress Lane Behavioral Health");
  });

  it("have different descriptions of 120 to 156 characters", () => {
    expect(paginatedDescription(listDescription, 1, 3)).toBe(listDescription);
    const seen = new Set<string>();
    for (let page = 2; page <= 120; page++) {
      const description = paginatedDescription(listDescription, page, 120);
      expect(description.length).toBeGreaterThanOrEqual(META_LIMITS.descriptionMin);
      expect(description.length).toBeLessThanOrEqual(META_LIMITS.descriptionMax);
      expect(description).toMatch(new RegExp(`Page ${page} of 120\\.$`));
      seen.add(description);
    }
    expect(seen.size).toBe(119);
    const short = "A".repeat(60) + " " + "b".repeat(60) + ".";
    expect(paginatedDescription(short, 2, 3)).toBe(`${short} Page 2 of 3.`);
  });
});

describe("post dates", () => {
  it("are days in the clinic's time zone", () => {
    expect(postDay("2026-03-10T12:00:00Z")).toBe("2026-03-10");
    // 02:00 UTC is still the evening before in Florida.
    expect(postDay("2026-03-11T02:00:00Z")).toBe("2026-03-10");
  });
  it("say 'updated' only for a later day", () => {
    expect(updatedLater("2026-03-10T12:00:00Z", "2026-03-10T20:00:00Z")).toBe(false);
    expect(updatedLater("2026-03-10T12:00:00Z", "2026-03-12T12:00:00Z")).toBe(true);
  });
});
