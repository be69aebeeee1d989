import { databaseContext } from "~/context";
import { listInsuranceProviders } from "~/features/content/queries.server";
import { publicCacheHeaders } from "~/lib/page-cache-marker";
import type { Route } from "./+types/insurance-providers";

export async function loader({ context }: Route.LoaderArgs) {
  const providers = await listInsuranceProviders(context.get(databaseContext).db);
  return Response.json(providers, { headers: publicCacheHeaders });
}
