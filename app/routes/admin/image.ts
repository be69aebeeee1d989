import { clientContext, databaseContext, staffContext } from "~/context";
import { deleteImage, imageSources } from "~/features/images/image-store.server";
import { NO_STORE } from "~/lib/page-write-failure.server";
import type { Route } from "./+types/image";

const idOf = (param: string | undefined) => (param && /^[1-9]\d{0,9}$/.test(param) ? Number(param) : null);
const notFound = () => Response.json({ error: "There is no such image." }, { status: 404, headers: NO_STORE });

/** /admin/images/:id (governed by /admin/images): the image's variants, for an editor's preview. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = idOf(params.id);
  if (id === null) return notFound();
  const image = await imageSources(context.get(databaseContext).db, id);
  return image ? Response.json(image, { headers: NO_STORE }) : notFound();
}

/** Deletion (a form with intent=delete), audited. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const id = idOf(params.id);
  if (id === null) return notFound();
  const form = await request.formData().catch(() => null);
  if (request.method !== "POST" || form?.get("intent") !== "delete")
    return Response.json({ error: "Post intent=delete to delete this image." }, { status: 400, headers: NO_STORE });
  const { db } = context.get(databaseContext);
  const { user } = context.get(staffContext);
  const { ip } = context.get(clientContext);
  const outcome = await deleteImage(db, { id: user.id, email: user.email, ip }, id);
  if (outcome === "none") return notFound();
  if (!outcome.deleted)
    return Response.json(
      {
        error: "This image is still shown on the site. Choose another image in these places first, then delete it.",
        uses: outcome.uses,
      },
      { status: 409, headers: NO_STORE },
    );
  return Response.json({ ok: true, message: "The image was deleted." }, { headers: NO_STORE });
}
