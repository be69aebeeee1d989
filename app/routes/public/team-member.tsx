import { data } from "react-router";
import { databaseContext } from "~/context";
import { breadcrumbJsonLd } from "~/features/pages/breadcrumbs";
import { InnerPage } from "~/features/pages/components/inner-page";
import { profileCrumbs } from "~/features/pages/profile-crumbs";
import { clinicianJsonLd } from "~/features/pages/structured-data";
import { loadTeamMember } from "~/features/pages/team-member.server";
import { clinicianTitle } from "~/features/pages/page-titles";
import { pageMeta } from "~/features/seo/page-meta";
import { sideColumnHtml } from "~/features/pages/side-column-html.server";
import { publicPageHeaders } from "~/lib/page-cache-marker";
import type { Route } from "./+types/team-member";

/** /team/{slug}: one clinician. */
export const headers = publicPageHeaders;

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  const found = await loadTeamMember(db, params.slug);
  if (!found) throw data(null, { status: 404 });
  const crumbs = profileCrumbs(found.member);
  return { ...found, side: await sideColumnHtml(db, { path: crumbs[crumbs.length - 1]!.path, crumbs }) };
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
export default function TeamMemberPage({ loaderData }: Route.ComponentProps) {
  return (
    <InnerPage sideHtml={loaderData.side} as="div">
      <div className="contents" dangerouslySetInnerHTML={{ __html: loaderData.html }} />
    </InnerPage>
  );
}
