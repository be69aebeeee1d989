/**
 * The canonical form of a path: duplicate slashes collapsed, no trailing slash
 * (except for the root), absolute with the public base URL.
 */
export function canonicalPath(pathname: string): string {
  // Its non-empty segments, each after one slash: also the shortest code, which public pages load (decision 0008).
  return `/${pathname.split("/").filter(Boolean).join("/")}`;
}

export function canonicalUrl(publicUrl: string, pathname: string): string {
  return publicUrl.replace(/\/+$/, "") + canonicalPath(pathname);
}
