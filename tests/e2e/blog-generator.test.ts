import { desc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import * as t from "~/db/schema";
import { axeViolations } from "../setup/axe";
import { DESKTOP, MOBILE, useBrowser } from "../setup/browser";
import { clonePostgresTemplate, copyPgliteTemplate, browserDatabaseKinds } from "../setup/database";
import { startModelServer, type ModelServer } from "../setup/model-server";
import { hydrated, look, routerIdle } from "../setup/page-assertions";
import { startServer, type TestServer } from "../setup/server";
import { addSessionCookie, addStaffTo, signInCookie } from "../setup/staff";

const PATH = "/admin/blog/generate";
const WRITER = { name: "Wren Writer", email: "wren.writer@cypresslane.example", roles: ["clinician"] as const };
const LONG = Array.from({ length: 120 }, (_, i) => `word${i} `);

/**
 * One journey on the production build, against a loopback OpenAI-compatible
 * server: the brief, the outline streamed and edited, the draft streaming
 * with its progress, Cancel (the partial draft kept), Retry, axe at 1280 and
 * 375 px, and Save as draft storing the post.
 */
describe.each(browserDatabaseKinds("pglite"))("the blog draft generator in the browser on %s", (kind) => {
  const browser = useBrowser();
  let server: TestServer;
  let model: ModelServer;
  let target: { dataDir: string } | { databaseUrl: string };
  let cookie: string;

  beforeAll(async () => {
    model = await startModelServer();
    target =
      kind === "postgres"
        ? { databaseUrl: await clonePostgresTemplate() }
        : { dataDir: copyPgliteTemplate(`blog-generator-${kind}`) };
    await addStaffTo(target, [WRITER]);
    server = await startServer({
      ...("dataDir" in target ? { dataDir: target.dataDir } : {}),
      env: {
        ...("databaseUrl" in target ? { DATABASE_URL: target.databaseUrl } : {}),
        BLOG_AI_BASE_URL: model.url,
        BLOG_AI_MODEL: "loopback-writer",
        BLOG_AI_API_KEY: "sk-e2e-key",
        BLOG_AI_TIMEOUT_SECONDS: "10",
      },
    });
    cookie = await signInCookie(server.url, WRITER.email);
  });
  afterAll(async () => {
    await server?.stop();
    await model?.stop();
  });

  it("outlines, streams, cancels, retries and saves a draft", async () => {
    const { page, context } = await browser.open({ viewport: DESKTOP });
    await addSessionCookie(context, server.url, cookie);
    expect((await page.goto(`${server.url}${PATH}`))?.status()).toBe(200);
    await hydrated(page);
    await look(page.getByText("Writing with loopback-writer")).visible();
    // The model's client and its settings stay on the server: no script the page loads holds them.
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .map((entry) => entry.name)
        .filter((name) => name.endsWith(".js")),
    );
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      const code = await (await fetch(script)).text();
      for (const secret of ["OpenAIError", "stream_options", model.url, "sk-e2e-key"])
        expect(code).not.toContain(secret);
    }

    // A brief that does not hold is named at its field, before the model is asked.
    await page.getByRole("button", { name: "Propose an outline" }).click();
    await look(page.getByLabel("Topic")).focused();
    expect(model.requests).toHaveLength(0);

    await page.getByLabel("Topic").fill("Sleep and mood");
    await page.getByLabel("Audience").fill("Adults who sleep badly");
    await page.getByLabel("Focus keyphrase").fill("sleep and anxiety");
    await page.getByLabel("Length").selectOption("short");
    await page.getByRole("group", { name: "Related services" }).getByRole("checkbox").first().check();
    await page.getByRole("button", { name: "Propose an outline" }).click();
    const outline = page.getByLabel("Outline", { exact: true });
    await expect.poll(() => outline.inputValue()).toContain("See [Therapy](/therapy).");
    await look(page.getByRole("status").filter({ hasText: "Finished" })).contains("the outline has");
    await outline.fill(`${await outline.inputValue()}\n## A section staff added`);

    // The draft streams in with its progress; Cancel stops it and keeps what arrived.
    model.behave({ mode: "answer", pieces: LONG, delayMs: 60 });
    await page.getByRole("button", { name: "Write the draft" }).click();
    const draft = page.getByLabel("Body (Markdown)");
    await look(page.getByTestId("generator-progress")).contains("words so far of about 600");
    await expect.poll(async () => (await draft.inputValue()).split(" ").length).toBeGreaterThan(5);
    await page.getByRole("button", { name: "Cancel" }).click();
    await look(page.getByRole("alert")).contains("Cancelled. What arrived is kept.");
    const kept = await draft.inputValue();
    expect(kept.startsWith("word0 word1 word2")).toBe(true);
    expect(kept).not.toContain("word119");
    expect(model.sentText()).toContain("## A section staff added");

    // Retry writes it again, to the end.
    model.behave({ mode: "answer", pieces: LONG });
    await page.getByRole("button", { name: "Retry" }).click();
    await look(page.getByRole("status").filter({ hasText: "Finished" })).contains("the draft has 120 words");
    expect((await draft.inputValue()).trim().endsWith("word119")).toBe(true);
    await look(page.getByRole("table", { name: /Latest generations/ }).getByRole("row")).count(4);

    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize(MOBILE);
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);

    await routerIdle(page);
    await page.getByLabel("Title").fill("Sleep and mood for night owls");
    await page.getByRole("button", { name: "Save as draft" }).click();
    await page.waitForURL(/\/admin\/blog\/\d+$/);
    const id = Number(/(\d+)$/.exec(page.url())![1]);

    await browser.closeAll();
    await server.stop();
    const database = await openDatabase(target);
    try {
      const [post] = await database.db.select().from(t.blogPosts).orderBy(desc(t.blogPosts.id)).limit(1);
      expect(post).toMatchObject({
        id,
        title: "Sleep and mood for night owls",
        status: "draft",
        slug: "sleep-and-mood-for-night-owls",
      });
      expect(post!.body.trim().endsWith("word119")).toBe(true);
      const outcomes = (await database.db.select().from(t.blogGenerations)).map((g) => g.outcome);
      expect(outcomes).toEqual(["completed", "cancelled", "completed"]);
    } finally {
      await database.close();
    }
  });
});
