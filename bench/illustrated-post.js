// The Lighthouse benchmark's post with a featured image: published on the benchmark's own server the
// way staff do it (the image through the upload pipeline, the post through review and approval), so
// the public post page is measured with its <picture> as a visitor gets it. The picture is drawn here
// (an original illustration: a night sky paling to dawn over hills, with a film grain so it weighs
// what a photograph weighs), never a stock photo.
import { Readable } from "node:stream";
import path from "node:path";
import { pathToFileURL } from "node:url";
import sharp from "sharp";

const EMAIL = "bench.editor@clinic.example";
const PASSWORD = "Harbour-lantern-58-slowly";

export const ILLUSTRATED_SLUG = "morning-light-and-a-steadier-day";

const TITLE = "Morning light and a steadier day";
const EXCERPT = "Daylight early in the day helps set the body clock. Small, simple ways to get more of it.";
const BODY = [
  "## Why light matters",
  "",
  "Your body keeps time with light. Bright light in the morning tells it the day has begun. That signal helps you feel awake by day and sleepy at night.",
  "",
  "When mornings are dark or spent indoors, the clock can drift. Sleep may come late, and waking up can feel hard. For some people, low mood is harder to shake in the darker months.",
  "",
  "## Small ways to get more light",
  "",
  "- Open the blinds as soon as you get up.",
  "- Have breakfast or coffee by a window.",
  "- Take a short walk outside before noon, even on a cloudy day.",
  "- Keep evenings dimmer, and put screens away a little before bed.",
  "",
  "None of these fix everything. Many people find they help a little, and small steps add up.",
  "",
  "## When to talk with someone",
  "",
  "If low mood or poor sleep lasts more than two weeks, or gets in the way of work, school or family, it is worth a talk with a clinician. Our page on [therapy](/therapy) explains how we can help.",
].join("\n");

/** The illustration as a JPEG, 1600 × 900. */
async function illustration() {
  const width = 1600;
  const height = 900;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#1f3b57"/><stop offset="0.55" stop-color="#6d8fa6"/><stop offset="1" stop-color="#f2c79b"/>
    </linearGradient>
    <radialGradient id="sun" cx="0.68" cy="0.78" r="0.35">
      <stop offset="0" stop-color="#ffe2b0" stop-opacity="0.95"/><stop offset="1" stop-color="#ffe2b0" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#sky)"/>
  <rect width="${width}" height="${height}" fill="url(#sun)"/>
  <circle cx="300" cy="170" r="46" fill="#f4efe1" opacity="0.8"/>
  <path d="M0 640 C 260 560 470 600 700 650 S 1180 560 1600 610 L 1600 900 L 0 900 Z" fill="#4a7c74"/>
  <path d="M0 730 C 300 680 560 760 860 740 S 1360 680 1600 720 L 1600 900 L 0 900 Z" fill="#2f5f58"/>
  <path d="M0 820 C 380 790 720 850 1040 830 S 1420 800 1600 815 L 1600 900 L 0 900 Z" fill="#1e4540"/>
</svg>`;
  const grain = await sharp({
    create: { width, height, channels: 3, noise: { type: "gaussian", mean: 128, sigma: 40 } },
  })
    .png()
    .toBuffer();
  return sharp(Buffer.from(svg))
    .composite([{ input: grain, blend: "soft-light" }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** A staff account that may write and approve (marketing and clinician), made with the staff command line before the server starts. */
export async function addBenchEditor(appDir, dataDir) {
  const { runStaffCli } = await import(pathToFileURL(path.join(appDir, "build", "server", "index.js")).href);
  let said = "";
  const io = {
    stdin: Readable.from([`${PASSWORD}\n`]),
    stdout: { write: (text) => (said += text) },
    stderr: { write: (text) => (said += text) },
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn" },
  };
  const args = ["add", "--email", EMAIL, "--name", "Bench Editor", "--role", "marketing,clinician"];
  const code = await runStaffCli(args, io);
  if (code !== 0) throw new Error(`staff add failed (${code}): ${said}`);
  return { email: EMAIL, password: PASSWORD };
}

/** Uploads the illustration, writes the post with it, sends it to review, approves and publishes it. Its path. */
export async function publishIllustratedPost(baseUrl, cookie) {
  const form = new FormData();
  form.set("file", new Blob([await illustration()], { type: "image/jpeg" }), "morning-light.jpg");
  form.set("alt", "An illustration of dawn breaking over green hills, a pale moon still in the sky");
  const uploaded = await fetch(`${baseUrl}/admin/images`, { method: "POST", headers: { cookie }, body: form });
  const answer = await uploaded.json();
  if (uploaded.status !== 201 || !answer.image) throw new Error(`image upload answered ${uploaded.status}`);

  const send = async (pathname, fields, expected) => {
    const res = await fetch(`${baseUrl}${pathname}`, {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
      redirect: "manual",
    });
    if (res.status !== expected) throw new Error(`${fields.intent} answered ${res.status}, not ${expected}`);
    return res;
  };
  const created = await send(
    "/admin/blog/new",
    {
      intent: "save",
      title: TITLE,
      slug: ILLUSTRATED_SLUG,
      excerpt: EXCERPT,
      body: BODY,
      tags: "sleep, mood",
      authorSlug: "maya-ellison",
      reviewerSlug: "jordan-whitfield",
      metaTitle: "",
      metaDescription:
        "Light early in the day helps set your body clock. Simple ways to get more morning light, and when to talk with a clinician about sleep or mood.",
      canonical: "",
      featuredImageId: String(answer.image.id),
    },
    303,
  );
  const editor = new URL(created.headers.get("location"), baseUrl).pathname;
  for (const intent of ["send-to-review", "approve", "publish-now"]) await send(editor, { intent }, 200);
  return `/blog/${ILLUSTRATED_SLUG}`;
}
