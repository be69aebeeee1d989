import { databaseContext, servicesContext, staffContext } from "~/context";
import { answerGenerationStream } from "~/features/blog-generator/generation-stream.server";
import type { Route } from "./+types/blog-generate-stream";

/** GET says whether a model is connected (its name only); the page itself reads the same in its loader. */
export function loader({ context }: Route.LoaderArgs) {
  const settings = context.get(servicesContext).blogAi;
  return Response.json({ connected: settings !== null, model: settings?.model ?? null });
}

/** POST /admin/blog/generate/stream (access.ts: `blog`): the model's answer as server-sent events. */
export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(databaseContext);
  const { user } = context.get(staffContext);
  return answerGenerationStream(request, db, context.get(servicesContext).blogAi, user.id);
}
