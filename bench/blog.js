// The blog (issue 18), on PostgreSQL, two measurements in one result line:
//  - chunkLatency: the time the server adds between the model's stream and the browser. A loopback
//    OpenAI-compatible server (tests/setup/model-server.js, in this process) notes the moment it
//    writes each piece of its answer; this process reads the generator's stream
//    (POST /admin/blog/generate/stream, signed in, as the browser does) and notes when each piece
//    arrives. The same pieces read straight from the model server give the floor (loopback and
//    parsing alone); the difference is what the server adds. Goal: ≤ 50 ms median per piece.
//  - previewRender: the editor's live preview of a 3,000-word post, request to last byte
//    (bench/blog-preview-render.js), BENCH_BLOG_PREVIEW_RUNS times.
//
//   node bench/blog.js   (BENCH_BLOG_RUNS=5, BENCH_BLOG_PIECES=200, BENCH_BLOG_GAP_MS=10,
//                         BENCH_BLOG_PREVIEW_RUNS=30, BENCH_DATABASE_URL)
//
// Prints one JSON line.
import pg from "pg";
import { startModelServer } from "../tests/setup/model-server.js";
import { previewRender } from "./blog-preview-render.js";
import {
  envInt,
  loadAverage,
  log,
  median,
  percentile,
  printResult,
  round,
  runMain,
  scryptHash,
  signIn,
  snapshotBuild,
  startServer,
  withPostgresDatabase,
} from "./lib.js";

const RUNS = envInt("BENCH_BLOG_RUNS", 5);
const PIECES = envInt("BENCH_BLOG_PIECES", 200);
const GAP_MS = envInt("BENCH_BLOG_GAP_MS", 10);
const PREVIEW_RUNS = envInt("BENCH_BLOG_PREVIEW_RUNS", 30);
const PG_SERVER = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const PASSWORD = "Bench-lantern-orchard-41";
const EMAIL = "bench.writer@example.test";

/** Reads server-sent events from a fetch answer, calling `onData` with each event's data as it arrives. */
async function readEvents(res, onData) {
  const decoder = new TextDecoder();
  let buffer = "";
  for await (const piece of res.body) {
    const at = performance.now();
    buffer += decoder.decode(piece, { stream: true });
    let cut;
    while ((cut = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (data && data !== "[DONE]") onData(JSON.parse(data), at, /^event: (.*)$/m.exec(block)?.[1]);
    }
  }
}

/** Milliseconds from each piece written by the model to the same piece read here, for one stream. */
async function delays(model, open, pickText) {
  const sentAt = new Map();
  const gaps = [];
  model.behave({
    mode: "answer",
    pieces: Array.from({ length: PIECES }, (_, i) => `w${i} `),
    delayMs: GAP_MS,
    onPiece: (i, at) => sentAt.set(i, at),
  });
  const res = await open();
  if (res.status !== 200) throw new Error(`the stream answered ${res.status}: ${await res.text()}`);
  if (res.headers.get("content-encoding")) throw new Error("the stream was compressed");
  await readEvents(res, (data, at, name) => {
    const text = pickText(data, name);
    for (const match of (text ?? "").matchAll(/w(\d+) /g)) gaps.push(at - sentAt.get(Number(match[1])));
  });
  if (gaps.length !== PIECES) throw new Error(`read ${gaps.length} of ${PIECES} pieces`);
  return gaps;
}

const summary = (values) => ({
  pieces: values.length,
  medianMs: round(median(values), 2),
  p95Ms: round(percentile(values, 95), 2),
  maxMs: round(Math.max(...values), 2),
});

/** The generator's stream against reading the model directly: what the server adds per piece. */
async function chunkLatency(server, cookie, model) {
  const brief = new URLSearchParams({
    kind: "outline",
    topic: "Sleep and mood",
    audience: "Adults who sleep badly",
    keyphrase: "sleep and anxiety",
    tone: "warm",
    length: "short",
  });
  const through = [];
  const direct = [];
  // Run 0 warms up (the route's first compile, the first read of the clinic's facts) and is not counted.
  for (let run = 0; run <= RUNS; run++) {
    log(
      run === 0
        ? "warming up…"
        : `run ${run} of ${RUNS}: ${PIECES} pieces ${GAP_MS} ms apart, through the server and straight from the model…`,
    );
    const [viaServer, straight] = run === 0 ? [[], []] : [through, direct];
    viaServer.push(
      ...(await delays(
        model,
        () =>
          fetch(`${server.url}/admin/blog/generate/stream`, {
            method: "POST",
            headers: {
              cookie,
              origin: server.url,
              "content-type": "application/x-www-form-urlencoded",
              "accept-encoding": "gzip, br",
            },
            body: brief,
          }),
        (data, name) => (name === "text" ? data.text : null),
      )),
    );
    straight.push(
      ...(await delays(
        model,
        () =>
          fetch(`${model.url}/chat/completions`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ model: "loopback", stream: true, messages: [{ role: "user", content: "hi" }] }),
          }),
        (data) => data.choices?.[0]?.delta?.content,
      )),
    );
  }
  const throughServer = summary(through);
  const modelDirect = summary(direct);
  return {
    throughServer,
    modelDirect,
    addedMedianMs: round(throughServer.medianMs - modelDirect.medianMs, 2),
    addedP95Ms: round(throughServer.p95Ms - modelDirect.p95Ms, 2),
    goalMedianMs: 50,
  };
}

runMain(async () => {
  const appDir = await snapshotBuild();
  const loadAtStart = loadAverage();
  const model = await startModelServer();
  try {
    await withPostgresDatabase(PG_SERVER, "blog", async (databaseUrl) => {
      const server = await startServer({
        appDir,
        env: {
          NODE_ENV: "test",
          DATABASE_URL: databaseUrl,
          BLOG_AI_BASE_URL: model.url,
          BLOG_AI_MODEL: "loopback",
          BLOG_AI_TIMEOUT_SECONDS: "30",
        },
      });
      try {
        const db = new pg.Client({ connectionString: databaseUrl });
        await db.connect();
        await db.query(
          "insert into users (name, email, roles, password_hash) values ($1, $2, array['marketing'], $3)",
          ["Bench Writer", EMAIL, scryptHash(PASSWORD)],
        );
        await db.end();
        const cookie = await signIn(server.url, EMAIL, PASSWORD);
        printResult({
          bench: "blog",
          chunkLatency: await chunkLatency(server, cookie, model),
          previewRender: await previewRender(server, cookie, PREVIEW_RUNS),
          loadAtStart,
          loadAtEnd: loadAverage(),
        });
      } finally {
        await server.stop();
      }
    });
  } finally {
    await model.stop();
  }
});
