// Per-page search settings (/admin/seo/page), on PostgreSQL:
//  - editor: GET /admin/seo/page?path=… for a short page and the longest blog post (the site reads the
//    page itself without its settings, parses it, and computes readability with compromise and syllable);
//  - save: POST of the editor's form (check, transaction with audit and content version, the page
//    cache told at once);
//  - miss: the first GET of the page after each change (an uncached render, the root loader's one
//    settings lookup included), with and without a settings row, to show what the lookup costs.
//
//   node bench/page-settings.js   (BENCH_RUNS=15, BENCH_DATABASE_URL)
//
// Prints one JSON line.
import pg from "pg";
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

const RUNS = envInt("BENCH_RUNS", 15);
const PG_SERVER = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const PASSWORD = "Bench-lantern-orchard-41";
const EMAIL = "bench.marketing@example.test";
const PAGE = "/adhd";

const figures = (times) => ({ p50Ms: round(median(times), 1), p90Ms: round(percentile(times, 90), 1) });

async function timed(fn) {
  const started = performance.now();
  const res = await fn();
  const ms = performance.now() - started;
  await res.arrayBuffer();
  return { res, ms };
}

runMain(async () => {
  const appDir = await snapshotBuild();
  const loadAtStart = loadAverage();
  await withPostgresDatabase(PG_SERVER, "page_settings", async (databaseUrl) => {
    const server = await startServer({ appDir, env: { NODE_ENV: "test", DATABASE_URL: databaseUrl } });
    try {
      const db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      await db.query("insert into users (name, email, roles, password_hash) values ($1, $2, array['marketing'], $3)", [
        "Bench Marketing",
        EMAIL,
        scryptHash(PASSWORD),
      ]);
      // The longest live blog post: the most words for readability.
      const { rows } = await db.query(
        "select slug from blog_posts where status = 'published' and published_at <= now() order by length(body) desc limit 1",
      );
      await db.end();
      const longest = `/blog/${rows[0].slug}`;
      const cookie = await signIn(server.url, EMAIL, PASSWORD);
      const staff = { cookie };
      const form = (fields) =>
        fetch(`${server.url}/admin/seo/page?path=${encodeURIComponent(PAGE)}`, {
          method: "POST",
          headers: { ...staff, origin: server.url, "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ path: PAGE, ...fields }),
        });
      const visit = () => fetch(`${server.url}${PAGE}`);

      log(`opening the editor ${RUNS} times for ${PAGE} and ${longest}…`);
      const editor = { [PAGE]: [], [longest]: [] };
      for (const path of [PAGE, longest]) {
        const url = `${server.url}/admin/seo/page?path=${encodeURIComponent(path)}`;
        await (await fetch(url, { headers: staff })).arrayBuffer(); // warm
        for (let i = 0; i < RUNS; i++) {
          const { res, ms } = await timed(() => fetch(url, { headers: staff }));
          if (res.status !== 200) throw new Error(`the editor answered ${res.status}`);
          editor[path].push(ms);
        }
      }

      log(`saving and resetting ${RUNS} times, with the page's first render after each…`);
      const saves = [];
      const resets = [];
      const missWith = [];
      const missWithout = [];
      for (let i = 0; i < RUNS; i++) {
        const saved = await timed(() =>
          form({ intent: "save", title: `ADHD Testing for Adults, take ${i} | Cypress Lane` }),
        );
        if (saved.res.status !== 200) throw new Error(`saving answered ${saved.res.status}`);
        saves.push(saved.ms);
        const after = await timed(visit);
        if (after.res.headers.get("x-cache") !== "MISS")
          throw new Error("the page was not rendered afresh after a save");
        missWith.push(after.ms);
        const reset = await timed(() => form({ intent: "reset" }));
        if (reset.res.status !== 200) throw new Error(`resetting answered ${reset.res.status}`);
        resets.push(reset.ms);
        const plain = await timed(visit);
        if (plain.res.headers.get("x-cache") !== "MISS")
          throw new Error("the page was not rendered afresh after a reset");
        missWithout.push(plain.ms);
      }

      printResult({
        bench: "page-settings",
        database: "postgres",
        runs: RUNS,
        editorShortPage: { path: PAGE, ...figures(editor[PAGE]) },
        editorLongestPost: { path: longest, ...figures(editor[longest]) },
        save: figures(saves),
        reset: figures(resets),
        pageMissWithSettings: figures(missWith),
        pageMissWithoutSettings: figures(missWithout),
        loadAtStart,
        loadAtEnd: loadAverage(),
      });
    } finally {
      await server.stop();
    }
  });
});
