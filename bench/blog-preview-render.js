// The blog editor's live preview (POST /admin/blog/preview): a 3,000-word post rendered on the
// server by the public post's own code (markdown-it, sanitize-html, the article's React
// components), the time from the request to the last byte of the answer, as the editor waits.
// Part of `npm run bench -- blog` (bench/blog.js), which starts the server and signs in.
import { log, median, percentile, round } from "./lib.js";

const WORDS = 3000;

/** A post of about WORDS words as staff write them: sections, paragraphs, lists, links, emphasis. */
function longPost() {
  const sentence = (i) =>
    `Worry and sleep often feed each other, and **small steady steps** help more than a big change on night ${i}.`;
  const parts = [];
  let words = 0;
  for (let section = 1; words < WORDS; section++) {
    parts.push(`## Part ${section}: what helps`);
    for (let p = 0; p < 4 && words < WORDS; p++) {
      const text = Array.from({ length: 4 }, (_, i) => sentence(section * 10 + p * 4 + i)).join(" ");
      parts.push(`${text} Read more about [anxiety care](/anxiety-disorders).`);
      words += text.split(/\s+/).length + 5;
    }
    parts.push("- Keep a notebook by the bed\n- Get up after twenty minutes awake\n- Keep the same wake time");
    words += 21;
  }
  return parts.join("\n\n");
}

/** The preview's time for a long post, RUNS times after three to warm up. */
export async function previewRender(server, cookie, runs) {
  const body = longPost();
  const words = body.split(/\s+/).filter(Boolean).length;
  const form = new URLSearchParams({
    intent: "preview",
    id: "",
    title: "Sleep, worry and the 3 a.m. mind",
    excerpt: "Why worry keeps us awake, and small steps that help.",
    body,
    authorSlug: "maya-ellison",
    reviewerSlug: "jordan-whitfield",
  });
  const ask = async () => {
    const started = performance.now();
    const res = await fetch(`${server.url}/admin/blog/preview`, {
      method: "POST",
      headers: { cookie, origin: server.url, "content-type": "application/x-www-form-urlencoded" },
      body: form,
    });
    const json = await res.json();
    const ms = performance.now() - started;
    if (res.status !== 200 || !json.html.includes("<h2>Part 1: what helps</h2>"))
      throw new Error(`preview answered ${res.status}`);
    return { ms, bytes: json.html.length };
  };
  for (let i = 0; i < 3; i++) await ask(); // warm
  log(`asking for the preview of a ${words}-word post ${runs} times…`);
  const times = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const { ms, bytes: b } = await ask();
    times.push(ms);
    bytes = b;
  }
  return {
    runs,
    words,
    bodyChars: body.length,
    htmlChars: bytes,
    medianMs: round(median(times), 1),
    p90Ms: round(percentile(times, 90), 1),
  };
}
