import { createHash } from "node:crypto";
import sharp, { type Metadata } from "sharp";
import {
  ACCEPTED_FORMATS,
  IMAGE_WIDTHS,
  MAX_PIXELS,
  MAX_SIDE,
  MIN_SIDE,
  OUTPUT_FORMATS,
  type AcceptedFormat,
} from "./image-rules";
import { countOf } from "~/lib/plural";

/**
 * An upload checked and made into the variants the pages use, with sharp
 * (libvips). The bytes must say they are a JPEG, PNG, WebP or AVIF before
 * sharp reads them (their magic numbers), and sharp's own reading must agree;
 * nothing a browser could run (SVG, HTML) is ever read or stored. Every
 * variant is re-encoded from the pixels: turned upright by its EXIF
 * orientation, converted to sRGB, and written without metadata (no camera,
 * no GPS position, no comments), the original's bytes never kept.
 */

/** What is wrong with an upload: not an image we take, damaged, too many pixels, too few. */
export type ReadProblem = { kind: "type" | "unreadable" | "too-large" | "too-small"; message: string };

export interface Variant {
  format: (typeof OUTPUT_FORMATS)[number];
  width: number;
  height: number;
  bytes: Buffer;
  hash: string;
}

export interface ReadImage {
  sourceFormat: AcceptedFormat;
  width: number;
  height: number;
  variants: Variant[];
}

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  Buffer.from(bytes.subarray(start, end)).toString("latin1");

/** What the first bytes say the file is, or null for anything else. */
export function sniffFormat(bytes: Uint8Array): AcceptedFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.length >= 8 && ascii(bytes, 0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  // ISO BMFF: a box of `size` bytes of type ftyp, then the major brand and the compatible ones.
  if (bytes.length >= 16 && ascii(bytes, 4, 8) === "ftyp") {
    const size = Math.min(
      new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0),
      bytes.length,
      256,
    );
    const brands: string[] = [];
    for (let at = 8; at + 4 <= size; at += 4) if (at !== 12) brands.push(ascii(bytes, at, at + 4));
    if (brands.includes("avif") || brands.includes("avis")) return "avif";
  }
  return null;
}

const TYPE_MESSAGE = "This file is not a JPEG, PNG, WebP or AVIF image. Save it as one of those and try again.";

export async function readImage(
  bytes: Buffer,
): Promise<{ ok: true; image: ReadImage } | { ok: false; problem: ReadProblem }> {
  const sniffed = sniffFormat(bytes);
  if (!sniffed) return { ok: false, problem: { kind: "type", message: TYPE_MESSAGE } };
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch {
    return {
      ok: false,
      problem: { kind: "unreadable", message: "This image could not be read. It may be damaged; try saving it again." },
    };
  }
  // sharp names AVIF "heif" (its container) with AV1 compression; HEIC (HEVC) is not taken.
  const read = meta.format === "heif" ? (meta.compression === "av1" ? "avif" : null) : meta.format;
  if (read !== sniffed || !(ACCEPTED_FORMATS as readonly string[]).includes(read)) {
    return { ok: false, problem: { kind: "type", message: TYPE_MESSAGE } };
  }
  // Width and height as shown, after the EXIF orientation turns the picture.
  const turned = (meta.orientation ?? 1) >= 5;
  const width = (turned ? meta.height : meta.width) ?? 0;
  const height = (turned ? meta.width : meta.height) ?? 0;
  if (width > MAX_SIDE || height > MAX_SIDE || width * height > MAX_PIXELS) {
    return {
      ok: false,
      problem: {
        kind: "too-large",
        message: `This image is ${width.toLocaleString("en-US")} × ${height.toLocaleString("en-US")} pixels. The largest taken is ${MAX_SIDE.toLocaleString("en-US")} on a side; make it smaller and try again.`,
      },
    };
  }
  if (width < MIN_SIDE || height < MIN_SIDE) {
    return {
      ok: false,
      problem: {
        kind: "too-small",
        message: `This image is only ${width} × ${countOf(height, "pixel", "pixels")}. Use one at least ${MIN_SIDE} pixels on each side.`,
      },
    };
  }

  const widths: number[] = IMAGE_WIDTHS.filter((w) => w < width);
  widths.push(Math.min(width, IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]));
  const variants: Variant[] = [];
  try {
    const upright = sharp(bytes, { limitInputPixels: MAX_PIXELS }).rotate().toColourspace("srgb");
    for (const w of [...new Set(widths)]) {
      const resized = upright.clone().resize({ width: w, withoutEnlargement: true });
      for (const format of OUTPUT_FORMATS) {
        const encoded =
          format === "avif"
            ? resized.clone().avif({ quality: 55, effort: 2 })
            : format === "webp"
              ? resized.clone().webp({ quality: 78 })
              : resized.clone().flatten({ background: "#ffffff" }).jpeg({ quality: 80, mozjpeg: true });
        const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
        variants.push({
          format,
          width: info.width,
          height: info.height,
          bytes: data,
          hash: createHash("sha256").update(data).digest("hex"),
        });
      }
    }
  } catch {
    return {
      ok: false,
      problem: { kind: "unreadable", message: "This image could not be read. It may be damaged; try saving it again." },
    };
  }
  return { ok: true, image: { sourceFormat: read as AcceptedFormat, width, height, variants } };
}
