import type { Crumb } from "./breadcrumbs";

/** A clinician's page's place in the site, for its breadcrumb trail and its structured data. */
export function profileCrumbs(member: { name: string; slug: string }): Crumb[] {
  return [
    { name: "Home", path: "/" },
    { name: "Our Team", path: "/team" },
    { name: member.name, path: `/team/${member.slug}` },
  ];
}
