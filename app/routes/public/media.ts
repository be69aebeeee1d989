import { databaseContext } from "~/context";
import { variantBytes } from "~/features/images/image-store.server";
import type { Route } from "./+types/media";

const FILE = /^([0-9a-f]{64})\.(avif|webp|jpg)$/;
const TYPES = { avif: "image/avif", webp: "image/webp", jpg: "image/jpeg" } as const;

/**
 * /media/<sha-256 of the bytes>.<avif|webp|jpg>: an uploaded image's variant
 * from the database. The address names the bytes, so it is cached for good
 * (immutable); nosniff comes with every response (server/security-headers.ts).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const match = FILE.exec(params.file ?? "");
  if (!match)
    return new Response("Not found.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const [, hash, extension] = match;
  const ext = extension as keyof typeof TYPES;
  let bytes: Buffer | null;
  try {
    bytes = await variantBytes(context.get(databaseContext).db, hash, ext === "jpg" ? "jpeg" : ext);
  } catch {
    return new Response("The image is unavailable for a moment.", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "5", "Cache-Control": "no-store" },
    });
  }
  if (!bytes)
    return new Response("Not found.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": TYPES[ext],
      "Content-Length": String(bytes.length),
      "Cache-Control": "public, max-age=31536000, immutable",
      ETag: `"${hash}"`,
    },
  });
}
