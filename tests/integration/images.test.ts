import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as t from "~/db/schema";
import type { ImageSources, ImageUploadAnswer } from "~/features/images/image-rules";
import { IMAGE_UPLOAD_MAX_BYTES } from "~/lib/upload-limits";
import { startApiApp, type ApiApp } from "../setup/api-app";
import { databaseKinds } from "../setup/database";
import { addStaff, signInCookie } from "../setup/staff";

const MARKETING = { name: "Mina Photos", email: "mina.photos@clinic.example", roles: ["marketing"] as const };
const INTAKE = { name: "Ivan Intake", email: "ivan.intake@clinic.example", roles: ["intake"] as const };
const ALT = "A therapist and a client talking by a window in a bright office";

/**
 * A camera's photo, made by sharp: 2400 × 1600 JPEG whose EXIF says it was
 * taken on its side (orientation 6) at a GPS position, with the camera named.
 */
async function cameraPhoto(): Promise<Buffer> {
  const { width, height } = { width: 2400, height: 1600 };
  const gradient = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      gradient[i] = (x * 255) / width;
      gradient[i + 1] = (y * 255) / height;
      gradient[i + 2] = 128;
    }
  return sharp(gradient, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: "PhoneMaker", Model: "Pocket 12" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "28/1 32/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "81/1 22/1 0/1" },
    })
    .toBuffer();
}

describe.each(databaseKinds())("image uploads on %s", (kind) => {
  let app: ApiApp;
  let cookie: string;
  let intakeCookie: string;
  const db = () => app.database.db;

  beforeAll(async () => {
    app = await startApiApp(kind);
    await addStaff(app.database, [MARKETING, INTAKE]);
    cookie = await signInCookie(app.url, MARKETING.email);
    intakeCookie = await signInCookie(app.url, INTAKE.email);
  });
  afterAll(async () => {
    await app?.stop();
  });

  function upload(file: { bytes: Uint8Array; name: string; type?: string } | null, alt: string | null, as = cookie) {
    const form = new FormData();
    if (file)
      form.append("file", new File([file.bytes as Uint8Array<ArrayBuffer>], file.name, { type: file.type ?? "" }));
    if (alt !== null) form.append("alt", alt);
    return fetch(`${app.url}/admin/images`, { method: "POST", headers: { cookie: as, origin: app.url }, body: form });
  }
  const get = (path: string, as?: string) => fetch(`${app.url}${path}`, { headers: as ? { cookie: as } : {} });

  it("takes a camera photo: upright, resized into the pages' widths in AVIF, WebP and JPEG, without its EXIF and GPS", async () => {
    const photo = await cameraPhoto();
    expect((await sharp(photo).metadata()).orientation).toBe(6);
    expect(photo.includes(Buffer.from("PhoneMaker"))).toBe(true);
    const res = await upload({ bytes: photo, name: "IMG_0042.jpg", type: "image/jpeg" }, `  ${ALT} `);
    const answer = (await res.json()) as ImageUploadAnswer;
    expect(res.status, JSON.stringify(answer)).toBe(201);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const image = answer.image!;
    // Turned upright by its orientation: 1600 wide, 2400 tall; 320–1280 and its own 1600.
    expect(image).toMatchObject({ alt: ALT, width: 1600, height: 2400 });
    expect([...new Set(image.variants.map((v) => v.width))]).toEqual([320, 640, 960, 1280, 1600]);
    expect(image.variants.map((v) => v.format).sort()).toEqual(
      ["avif", "jpeg", "webp"].flatMap((f) => Array(5).fill(f)).sort(),
    );
    expect(answer.message).toBe("Uploaded, in 5 sizes.");

    for (const variant of image.variants) {
      expect(variant.src).toMatch(/^\/media\/[0-9a-f]{64}\.(avif|webp|jpg)$/);
      const served = await get(variant.src);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe(
        { avif: "image/avif", webp: "image/webp", jpeg: "image/jpeg" }[variant.format],
      );
      expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(served.headers.get("x-content-type-options")).toBe("nosniff");
      const bytes = Buffer.from(await served.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect({ width: meta.width, height: meta.height }).toEqual({ width: variant.width, height: variant.height });
      // Nothing of the camera's: no EXIF (so no GPS position, no maker), no orientation left to apply.
      expect(meta.exif, `${variant.format} ${variant.width}`).toBeUndefined();
      expect(meta.orientation ?? 1).toBe(1);
      expect(bytes.includes(Buffer.from("PhoneMaker"))).toBe(false);
    }
    // The address names the bytes: another one, or a changed hash, is not found.
    expect((await get(`/media/${"0".repeat(64)}.avif`)).status).toBe(404);
    expect((await get(`/media/not-a-hash.avif`)).status).toBe(404);
    const avif = image.variants.find((v) => v.format === "avif")!;
    expect((await get(avif.src.replace(".avif", ".webp"))).status).toBe(404);

    const [entry] = await db().select().from(t.auditLog).where(eq(t.auditLog.action, "image_uploaded"));
    expect(entry).toMatchObject({ targetType: "image", targetId: String(image.id), actorEmail: MARKETING.email });
    expect(entry.detail).toMatchObject({ format: "jpeg", width: 1600, height: 2400, variants: 15 });

    // An editor reads it back; deleting it takes every variant with it, audited.
    const read = await get(`/admin/images/${image.id}`, cookie);
    expect(((await read.json()) as ImageSources).variants).toHaveLength(15);
    const form = new FormData();
    form.append("intent", "delete");
    const deleted = await fetch(`${app.url}/admin/images/${image.id}`, {
      method: "POST",
      headers: { cookie, origin: app.url },
      body: form,
    });
    expect(deleted.status).toBe(200);
    expect((await get(image.variants[0].src)).status).toBe(404);
    expect((await get(`/admin/images/${image.id}`, cookie)).status).toBe(404);
    const [gone] = await db().select().from(t.auditLog).where(eq(t.auditLog.action, "image_deleted"));
    expect(gone).toMatchObject({ targetId: String(image.id), detail: { alt: ALT, width: 1600, height: 2400 } });
  });

  it("refuses to delete an image the site shows (a photo, a featured image, a logo), naming each place", async () => {
    const bytes = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#2f6f6a" } })
      .png()
      .toBuffer();
    const res = await upload({ bytes, name: "portrait.png", type: "image/png" }, "A clinician smiling in the office");
    expect(res.status).toBe(201);
    const image = ((await res.json()) as ImageUploadAnswer).image!;
    const webp = image.variants.find((v) => v.format === "webp")!.src;
    const [member] = await db().select().from(t.teamMembers).limit(1);
    const [insurer] = await db().select().from(t.insuranceProviders).limit(1);
    const [post] = await db().select().from(t.blogPosts).limit(1);
    await db().update(t.teamMembers).set({ photoImageId: image.id }).where(eq(t.teamMembers.id, member.id));
    await db().update(t.insuranceProviders).set({ logo: webp }).where(eq(t.insuranceProviders.id, insurer.id));
    await db().update(t.blogPosts).set({ featuredImageId: image.id }).where(eq(t.blogPosts.id, post.id));
    const remove = () => {
      const form = new FormData();
      form.append("intent", "delete");
      return fetch(`${app.url}/admin/images/${image.id}`, {
        method: "POST",
        headers: { cookie, origin: app.url },
        body: form,
      });
    };
    const refused = await remove();
    expect(refused.status).toBe(409);
    const answer = (await refused.json()) as { error: string; uses: { label: string; href: string }[] };
    expect(answer.error).toMatch(/still shown on the site/);
    expect(answer.uses).toEqual([
      { label: `The featured image of the blog post “${post.title}”`, href: `/admin/blog/${post.id}` },
      { label: `The photo of ${member.name} on the team pages`, href: `/admin/content/team/${member.id}` },
      { label: `The logo of ${insurer.name}`, href: `/admin/content/insurer/${insurer.id}` },
    ]);
    // Nothing went: the image still serves, and every place still points at it.
    expect((await get(webp)).status).toBe(200);
    const [still] = await db().select().from(t.teamMembers).where(eq(t.teamMembers.id, member.id));
    expect(still.photoImageId).toBe(image.id);
    // Once no content shows it, it can go.
    await db().update(t.teamMembers).set({ photoImageId: null }).where(eq(t.teamMembers.id, member.id));
    await db().update(t.insuranceProviders).set({ logo: insurer.logo }).where(eq(t.insuranceProviders.id, insurer.id));
    await db().update(t.blogPosts).set({ featuredImageId: null }).where(eq(t.blogPosts.id, post.id));
    expect((await remove()).status).toBe(200);
    expect((await get(webp)).status).toBe(404);
  });

  it("takes PNG, WebP and AVIF by their bytes; a small one is kept at its own width", async () => {
    const base = sharp({ create: { width: 300, height: 200, channels: 4, background: "#2a9d8f80" } });
    for (const [format, bytes] of [
      ["png", await base.clone().png().toBuffer()],
      ["webp", await base.clone().webp().toBuffer()],
      ["avif", await base.clone().avif().toBuffer()],
    ] as const) {
      const res = await upload({ bytes, name: `teal.${format}` }, "A teal square");
      const answer = (await res.json()) as ImageUploadAnswer;
      expect(res.status, `${format}: ${answer.message}`).toBe(201);
      expect([...new Set(answer.image!.variants.map((v) => v.width))]).toEqual([300]);
    }
  });

  it("refuses what is not a JPEG, PNG, WebP or AVIF by its content (415), whatever its name says", async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script><rect width="100" height="100"/></svg>',
    );
    const gif = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#000" } })
      .gif()
      .toBuffer();
    const html = Buffer.from("<!doctype html><script>alert(1)</script>");
    for (const file of [
      { bytes: svg, name: "logo.svg", type: "image/svg+xml" },
      { bytes: svg, name: "photo.jpg", type: "image/jpeg" },
      { bytes: gif, name: "moving.gif", type: "image/gif" },
      { bytes: html, name: "page.png", type: "image/png" },
    ]) {
      const res = await upload(file, "A picture that should not be taken");
      const answer = (await res.json()) as ImageUploadAnswer;
      expect(res.status, file.name).toBe(415);
      expect(answer.fields.file).toBe(
        "This file is not a JPEG, PNG, WebP or AVIF image. Save it as one of those and try again.",
      );
    }
    // A JPEG's first bytes with nothing readable after them.
    const broken = await upload(
      { bytes: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]), name: "cut.jpg" },
      "A cut-off photo",
    );
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as ImageUploadAnswer).fields.file).toMatch(/could not be read/);
    expect(await db().select().from(t.images)).toHaveLength(3);
  });

  it("requires alt text that describes the image (400 naming the field), and a file", async () => {
    const bytes = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    for (const [alt, message] of [
      [null, "Describe the image for people who cannot see it (alt text)."],
      ["   ", "Describe the image for people who cannot see it (alt text)."],
      ["image", "Say what the image shows, for example “A therapist and a client talking in a bright office”."],
      ["white.png", "Say what the image shows, for example “A therapist and a client talking in a bright office”."],
    ] as const) {
      const res = await upload({ bytes, name: "white.png" }, alt);
      expect(res.status, String(alt)).toBe(400);
      const answer = (await res.json()) as ImageUploadAnswer;
      expect(answer).toMatchObject({ ok: false, fields: { alt: message } });
    }
    const none = await upload(null, ALT);
    expect(none.status).toBe(400);
    expect(((await none.json()) as ImageUploadAnswer).fields).toEqual({ file: "Choose an image to upload." });
  });

  it("refuses a body past the limit (413) before reading it, too many or too few pixels, and anyone without the images permission (403)", async () => {
    const tooLarge = await upload({ bytes: new Uint8Array(IMAGE_UPLOAD_MAX_BYTES + 1024), name: "huge.jpg" }, ALT);
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.text()).toBe("These files are too large to upload here (the limit is 15 MB).");

    // Too many pixels (a small file can still decode to a huge picture) and too few.
    const wide = await sharp({ create: { width: 10_001, height: 40, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    const tooWide = await upload({ bytes: wide, name: "banner.png" }, "A long white banner");
    expect(tooWide.status).toBe(413);
    expect(((await tooWide.json()) as ImageUploadAnswer).fields.file).toBe(
      "This image is 10,001 × 40 pixels. The largest taken is 10,000 on a side; make it smaller and try again.",
    );
    const tiny = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    const tooSmall = await upload({ bytes: tiny, name: "dot.png" }, "A white dot");
    expect(tooSmall.status).toBe(400);
    expect(((await tooSmall.json()) as ImageUploadAnswer).fields.file).toMatch(/only 20 × 20 pixels/);

    const bytes = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    expect((await upload({ bytes, name: "a.png" }, "A white square", intakeCookie)).status).toBe(403);
    const signedOut = await fetch(`${app.url}/admin/images`, {
      method: "POST",
      redirect: "manual",
      body: new FormData(),
    });
    expect([302, 303]).toContain(signedOut.status);
  });
});
