import type { Db } from "~/db/client.server";
import type { AuditActor } from "~/features/auth/audit.server";
import { formAnswer } from "~/lib/form-answer";
import { IMAGE_UPLOAD_MAX_BYTES, megabytes } from "~/lib/upload-limits";
import { ALT_MAX, type ImageSources, type ImageUploadAnswer, type ImageUploadField } from "./image-rules";
import { saveImage } from "./image-store.server";
import { readImage } from "./read-image.server";
import { countOf } from "~/lib/plural";

/**
 * The action helper behind every image upload (the images route, and any
 * editor page whose form carries an ImageUploadField and whose path has an
 * upload bound in app/lib/upload-limits.ts): reads `file` and `alt` from a
 * multipart form, checks them, makes the variants and stores them. The answer
 * is a FormAnswer with the stored image, and its HTTP status says what went
 * wrong: 415 not an image we take, 413 too large, 400 a field to fix.
 */

// Words that describe nothing: a screen reader would only say "image, image".
const EMPTY_ALT = /^(?:image|photo|picture|img|pic|graphic|screenshot|untitled|alt|logo)\s*\d*$/i;

function refusedWith(status: number, message: string, fields: Partial<Record<ImageUploadField, string>>, alt = "") {
  return {
    status,
    answer: formAnswer<ImageUploadField>({ ok: false, message, fields, values: { alt } }) as ImageUploadAnswer,
  };
}

export async function receiveImageUpload(
  db: Db,
  actor: AuditActor,
  request: Request,
): Promise<{ status: number; answer: ImageUploadAnswer }> {
  if (!(request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
    return refusedWith(415, "Send the image as a file from the upload form.", {});
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return refusedWith(400, "The upload could not be read. Try again.", {});
  }
  const file = form.get("file");
  const rawAlt = form.get("alt");
  const alt = typeof rawAlt === "string" ? rawAlt.replace(/\s+/g, " ").trim() : "";
  const fields: Partial<Record<ImageUploadField, string>> = {};
  if (!(file instanceof File) || file.size === 0) fields.file = "Choose an image to upload.";
  if (!alt) fields.alt = "Describe the image for people who cannot see it (alt text).";
  else if (alt.length > ALT_MAX)
    fields.alt = `Keep the description to ${ALT_MAX} characters; say what matters in the picture.`;
  else if (EMPTY_ALT.test(alt) || (file instanceof File && alt === file.name))
    fields.alt = "Say what the image shows, for example “A therapist and a client talking in a bright office”.";
  if (!(file instanceof File) || Object.keys(fields).length > 0) {
    return refusedWith(400, "Check the fields marked below.", fields, alt);
  }
  if (file.size > IMAGE_UPLOAD_MAX_BYTES) {
    return refusedWith(
      413,
      `This image is too large (the limit is ${megabytes(IMAGE_UPLOAD_MAX_BYTES)}).`,
      {
        file: `Use an image of ${megabytes(IMAGE_UPLOAD_MAX_BYTES)} or less.`,
      },
      alt,
    );
  }
  const bytes = Buffer.from(await file.arrayBuffer());
  const read = await readImage(bytes);
  if (!read.ok) {
    const status = { type: 415, "too-large": 413, "too-small": 400, unreadable: 400 }[read.problem.kind];
    return refusedWith(status, read.problem.message, { file: read.problem.message }, alt);
  }
  const image = await saveImage(db, actor, { alt, sourceBytes: file.size, read: read.image });
  return {
    status: 201,
    answer: formAnswer<ImageUploadField, { image: ImageSources }>({
      ok: true,
      message: `Uploaded, in ${countOf(new Set(image.variants.map((v) => v.width)).size, "size", "sizes")}.`,
      values: { alt },
      image,
    }),
  };
}
