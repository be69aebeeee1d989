import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import type { Db } from "~/db/client.server";
import { getSiteContent } from "~/features/content/queries.server";
import type { Crumb } from "./breadcrumbs";
import { SideColumn } from "./components/side-column";

/**
 * The inner pages' side column as HTML made on the server, as a clinician's
 * page is (team-profile-html.server.tsx): the route places it, so its markup,
 * icons and words never reach the pages' script (the public JavaScript must not
 * grow; tests/e2e/public-bundle.test.ts). Its links are plain links.
 */
export async function sideColumnHtml(
  db: Db,
  page: { path: string; crumbs?: Crumb[]; contact?: boolean },
): Promise<string> {
  const site = await getSiteContent(db);
  return renderToStaticMarkup(
    <MemoryRouter>
      <SideColumn site={site} path={page.path} crumbs={page.crumbs} contact={page.contact} />
    </MemoryRouter>,
  );
}
