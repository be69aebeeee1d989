import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { TeamMemberProfile } from "./components/team-member-profile";
import type { TeamProfile } from "./team-profile";

/**
 * A clinician's page as HTML made on the server, as a post's body is
 * (decision 0016): the public route places it, so its icons and words never
 * reach the page's script, and the team editor's preview renders the same
 * component from unsaved values, so staff see what visitors will.
 */
export function profileHtml(member: TeamProfile, posts: { slug: string; title: string }[]): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <TeamMemberProfile member={member} posts={posts} />
    </MemoryRouter>,
  );
}
