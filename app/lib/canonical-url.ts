/**
 * The canonical form of a path: duplicate slashes collapsed, no trailing slash
 * (except for the root), absolute with the public base URL.
 */
export function canonicalPath(pathname: string): string {
  const collapsed = pathname.replace(/\/{2,}/g, "/");
  const trimmed = collapsed.length > 1 ? collapsed.replace(/\/+$/, "") : collapsed;
  return trimmed.startsWith("/") ? trimmed : `/${trimmed}`;
}

export function canonicalUrl(publicUrl: string, pathname: string): string {
  const base = publicUrl.replace(/\/+$/, "");
  const path = canonicalPath(pathname);
  return path === "/" ? `${base}/` : `${base}${path}`;
}
