import { clientContext, databaseContext, staffContext } from "~/context";
import { receiveImageUpload } from "~/features/images/upload-image.server";
import { ACCEPT_ATTRIBUTE, IMAGE_LIMIT_WORDS, IMAGE_WIDTHS } from "~/features/images/image-rules";
import { IMAGE_UPLOAD_MAX_BYTES } from "~/lib/upload-limits";
import { NO_STORE } from "~/lib/page-write-failure.server";
import type { Route } from "./+types/images";

/** /admin/images (permission `images`): what an upload may be (GET), and the upload itself (POST, multipart). */
export function loader() {
  return Response.json(
    { accept: ACCEPT_ATTRIBUTE, maxBytes: IMAGE_UPLOAD_MAX_BYTES, widths: IMAGE_WIDTHS, limits: IMAGE_LIMIT_WORDS },
    { headers: NO_STORE },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST")
    return Response.json({ error: "Use POST." }, { status: 405, headers: { Allow: "GET, POST", ...NO_STORE } });
  const { db } = context.get(databaseContext);
  const { user } = context.get(staffContext);
  const { ip } = context.get(clientContext);
  const { status, answer } = await receiveImageUpload(db, { id: user.id, email: user.email, ip }, request);
  return Response.json(answer, { status, headers: NO_STORE });
}
