import { data } from "react-router";
import { configContext, databaseContext } from "~/context";
import { readForStaff } from "~/features/auth/staff-guard.server";
import { TeamList } from "~/features/content-editing/components/team-list";
import { teamListData } from "~/features/content-editing/team-page.server";
import type { Route } from "./+types/content-team";

export function meta() {
  return [{ title: "Team members · Site content · Staff area" }];
}

/** /admin/content/team (access.ts `content`: admin and marketing). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  const deleted = new URL(request.url).searchParams.get("deleted");
  return data(
    await readForStaff(() => teamListData(db, context.get(configContext).publicUrl, deleted?.slice(0, 80) ?? null)),
  );
}

export default function ContentTeamRoute({ loaderData }: Route.ComponentProps) {
  return <TeamList data={loaderData} />;
}
