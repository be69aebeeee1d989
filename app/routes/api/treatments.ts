import { databaseContext } from "~/context";
import { listTreatments } from "~/features/content/queries.server";
import { publicCacheHeaders } from "~/lib/page-cache-marker";
import type { Route } from "./+types/treatments";

export async function loader({ context }: Route.LoaderArgs) {
  const treatments = await listTreatments(context.get(databaseContext).db);
  return Response.json(treatments, { headers: publicCacheHeaders });
}
