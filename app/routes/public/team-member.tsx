import { data } from "react-router";
import { databaseContext } from "~/context";
import { breadcrumbJsonLd } from "~/features/pages/breadcrumbs";
import { InnerPage } from "~/features/pages/components/inner-page";
import { SideColumn } from "~/features/pages/components/side-column";
import { profileCrumbs } from "~/features/pages/profile-crumbs";
import { clinicianJsonLd } from "~/features/pages/structured-data";
import { loadTeamMember } from "~/features/pages/team-member.server";
import { clinicianTitle } from "~/features/pages/page-titles";
import { pageMeta } from "~/features/seo/page-meta";
import { publicPageHeaders } from "~/lib/page-cache-marker";
import type { Route } from "./+types/team-member";

/** /team/{slug}: one clinician. */
export const headers = publicPageHeaders;

export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await loadTeamMember(context.get(databaseContext).db, params.slug);
  if (!found) throw data(null, { status: 404 });
  return found;
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  if (!loaderData) return [];
  const { member } = loaderData;
  return pageMeta(
    {
      title: clinicianTitle(member, root.site.clinicName),
      description: member.metaDescription,
      type: "profile",
      modifiedDate: member.updatedAt,
      jsonLd: [
        clinicianJsonLd(member, root.publicUrl, location.pathname),
        breadcrumbJsonLd(profileCrumbs(member), root.publicUrl),
      ],
      pageDesignType: "clinician",
    },
    root,
    location.pathname,
  );
}

/** The page's words are HTML made on the server (team-profile-html.server.tsx), as a post's body is. */
export default function TeamMemberPage({ loaderData, matches }: Route.ComponentProps) {
  const crumbs = profileCrumbs(loaderData.member);
  return (
    <InnerPage side={<SideColumn site={matches[0].loaderData.site} path={crumbs[2]!.path} crumbs={crumbs} />} as="div">
      <div className="contents" dangerouslySetInnerHTML={{ __html: loaderData.html }} />
    </InnerPage>
  );
}
