import { staffPath } from "./staff-area";

/** Uploads (POST) and the limits a form shows (GET): app/routes/admin/images.ts. */
export const IMAGES_PATH = staffPath("images");
/** One image: its variants (GET), its deletion (POST intent=delete). */
export const imagePath = (id: number) => `${IMAGES_PATH}/${id}`;

/** Where a variant is served: by the hash of its bytes, so the address never changes meaning. */
export const MEDIA_PREFIX = "/media/";
export const mediaPath = (hash: string, format: "avif" | "webp" | "jpeg") =>
  `${MEDIA_PREFIX}${hash}.${format === "jpeg" ? "jpg" : format}`;
