import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/**
 * The ids of the routes a data request (`/x.data`, `/_.data` for `/`) matches,
 * as React Router's server matches them: its `_routes` parameter can only
 * pick among these, which bounds the page-cache keys of data requests.
 */
export function dataRequestRouteIds(build: ServerBuild, dataPathname: string): Set<string> {
  const tree = routeTrees.get(build) ?? routeTreeOf(build);
  routeTrees.set(build, tree);
  // With v8_trailingSlashAwareDataRequests, /x/_.data is /x/ and /x.data is /x.
  const pathname = dataPathname.endsWith("/_.data")
    ? dataPathname.slice(0, -"_.data".length)
    : dataPathname.slice(0, -".data".length);
  const matches = matchRoutes(tree, pathname, build.basename) ?? [];
  return new Set(matches.map((match) => match.route.id!));
}

const routeTrees = new WeakMap<ServerBuild, RouteObject[]>();

function routeTreeOf(build: ServerBuild, parentId?: string): RouteObject[] {
  return Object.values(build.routes)
    .filter((route) => route !== undefined && route.parentId === parentId)
    .map((route) => {
      const { id, path, caseSensitive } = route!;
      return route!.index
        ? { id, path, caseSensitive, index: true as const }
        : { id, path, caseSensitive, children: routeTreeOf(build, id) };
    });
}
