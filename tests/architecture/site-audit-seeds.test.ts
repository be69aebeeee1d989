import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import { ROUTE_TABLE_PAGES, ROUTE_TABLE_PAGES_LEFT_OUT, pageKindOf, skipReason } from "~/features/seo-audit/site-paths";
import routes from "~/routes";

/** Every page (a .tsx route module) of the route table whose address has no parameter, outside the staff area and sign-in. */
function parameterlessPublicPages(entries: RouteConfigEntry[], parent = ""): string[] {
  const found: string[] = [];
  for (const entry of entries) {
    const pattern = [parent, entry.path ?? ""].filter(Boolean).join("/");
    const isPage = entry.file.endsWith(".tsx") && (entry.index || !entry.children?.length);
    if (isPage && !/[:*]/.test(pattern)) {
      const path = `/${pattern}`;
      if (skipReason(path) === null) found.push(path);
    }
    if (entry.children) found.push(...parameterlessPublicPages(entry.children, pattern));
  }
  return found;
}

describe("the site audit's seeds from the route table", () => {
  it("are exactly the public pages without a parameter (less those it leaves out, each with a reason)", () => {
    const fromTable = parameterlessPublicPages(routes).sort();
    expect(fromTable.length).toBeGreaterThan(4);
    expect([...ROUTE_TABLE_PAGES, ...Object.keys(ROUTE_TABLE_PAGES_LEFT_OUT)].sort()).toEqual(fromTable);
  });

  it("skips the staff area, sign-in, the API, files and feeds, but not a page that merely starts like them", () => {
    for (const path of [
      "/admin",
      "/admin/seo",
      "/Admin",
      "/auth",
      "/api/leads",
      "/assets/app.js",
      "/images/team/a.svg",
    ])
      expect(skipReason(path), path).not.toBeNull();
    for (const path of ["/blog/rss.xml", "/sitemap.xml", "/robots.txt", "/favicon.ico", "/og-default.png"])
      expect(skipReason(path), path).toBe("a file, not a page");
    for (const path of ["/", "/services", "/images", "/authors", "/apis-of-care", "/blog/page/2"])
      expect(skipReason(path), path).toBeNull();
  });

  it("tells the kinds of page apart by the route that answers them", () => {
    expect(pageKindOf("/")).toBe("home");
    expect(pageKindOf("/request-appointment")).toBe("form");
    expect(pageKindOf("/blog")).toBe("blog-list");
    expect(pageKindOf("/blog/page/2")).toBe("blog-list");
    expect(pageKindOf("/blog/sleep-and-mood")).toBe("blog-post");
    expect(pageKindOf("/team/maya-ellison")).toBe("clinician");
    expect(pageKindOf("/locations/orlando")).toBe("office");
    expect(pageKindOf("/adhd")).toBe("page");
    expect(pageKindOf("/thank-you")).toBe("other");
  });
});
