import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { cacheMarkerValue, declaredQuery } from "~/lib/page-cache-marker";
import { dataRequestRouteIds } from "./data-request-routes";
import { cacheKey, isDataPath, splitTarget } from "./page-cache-key";

const key = (target: string, query: string[] = [], routeIds?: string[]) => {
  const { pathname, search } = splitTarget(target);
  return cacheKey(pathname, search, { query, ...(routeIds ? { routeIds: new Set(routeIds) } : {}) });
};

const AD_CLICK = "gclid=EAIaIQobChMI8x&utm_source=google&utm_medium=cpc&utm_campaign=adhd&fbclid=1&msclkid=2";

describe("page-cache keys", () => {
  it("are the path alone for a route that declares no parameter, whatever the query", () => {
    expect(key("/")).toBe("/");
    expect(key("/?")).toBe("/");
    expect(key(`/?${AD_CLICK}`)).toBe("/");
    expect(key("/services?x=1&y=2&index")).toBe("/services");
  });

  it("keep a declared parameter, sorted by name, repeated values in their order", () => {
    expect(key(`/blog?${AD_CLICK}&page=2`, ["page"])).toBe("/blog?page=2");
    expect(key("/blog?tag=b&page=2&gclid=x&tag=a", ["page", "tag"])).toBe("/blog?page=2&tag=b&tag=a");
    expect(key("/blog?tag=a&tag=b", ["tag"])).not.toBe(key("/blog?tag=b&tag=a", ["tag"]));
    // One spelling per value.
    expect(key("/blog?tag=a+b", ["tag"])).toBe(key("/blog?tag=a%20b", ["tag"]));
    expect(key("/blog?gclid=1", ["page"])).toBe("/blog");
    expect(key("/blog?page=", ["page"])).toBe("/blog?page=");
  });

  it("reduce a data request's _routes to the routes its path matches, in any order", () => {
    const ids = ["root", "routes/public/home"];
    expect(key("/_.data", [], ids)).toBe("/_.data");
    expect(key(`/_.data?${AD_CLICK}&index`, [], ids)).toBe("/_.data");
    const both = key("/_.data?_routes=root,routes/public/home", [], ids);
    expect(key("/_.data?_routes=routes/public/home,root,root,other", [], ids)).toBe(both);
    expect(key("/_.data?_routes=root", [], ids)).not.toBe(both);
    // Ids that match nothing all load nothing: one entry for all of them.
    expect(key("/_.data?_routes=bogus", [], ids)).toBe(key("/_.data?_routes=x,y", [], ids));
    expect(key("/_.data?_routes=bogus", [], ids)).not.toBe("/_.data");
  });

  it("tell data requests from documents", () => {
    expect(isDataPath("/services.data")).toBe(true);
    expect(isDataPath("/_.data")).toBe(true);
    expect(isDataPath("/services")).toBe(false);
  });
});

describe("the page-cache marker", () => {
  it("declares the parameters a response reads", () => {
    expect(cacheMarkerValue()).toBe("public");
    expect(cacheMarkerValue(["tag", "page", "tag"])).toBe("public; query=page,tag");
    expect(declaredQuery("public")).toEqual([]);
    expect(declaredQuery("public; query=page,tag")).toEqual(["page", "tag"]);
  });

  it("refuses React Router's own parameters and malformed names", () => {
    expect(() => cacheMarkerValue(["_routes"])).toThrow();
    expect(() => cacheMarkerValue(["index"])).toThrow();
    expect(() => cacheMarkerValue(["a,b"])).toThrow();
    expect(() => cacheMarkerValue([""])).toThrow();
  });
});

describe("the routes a data request matches", () => {
  // The shape of a server build's route manifest (what React Router's build writes).
  const route = (id: string, parentId: string | undefined, extra: { path?: string; index?: boolean }) => ({
    id,
    parentId,
    ...extra,
    module: {},
  });
  const build = {
    basename: "/",
    routes: {
      root: route("root", undefined, { path: "" }),
      home: route("home", "root", { index: true }),
      layout: route("layout", "root", {}),
      team: route("team", "layout", { path: "team/:slug" }),
      slug: route("slug", "root", { path: ":slug" }),
    },
  } as unknown as ServerBuild;

  it("follows React Router's data paths", () => {
    expect(dataRequestRouteIds(build, "/_.data")).toEqual(new Set(["root", "home"]));
    expect(dataRequestRouteIds(build, "/services.data")).toEqual(new Set(["root", "slug"]));
    expect(dataRequestRouteIds(build, "/team/maya.data")).toEqual(new Set(["root", "layout", "team"]));
    expect(dataRequestRouteIds(build, "/a/b/c.data")).toEqual(new Set());
  });
});
