import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as t from "~/db/schema";
import { startApiApp, type ApiApp } from "../setup/api-app";
import { databaseKinds } from "../setup/database";
import { HERO_LEAD, postLead } from "../setup/leads";
import { startModelServer, type ModelServer } from "../setup/model-server";
import { addStaff, signInCookie } from "../setup/staff";

const PAGE = "/admin/blog/generate";
const STREAM = "/admin/blog/generate/stream";
const WRITER = { name: "Mara Blogwriter", email: "mara.blog@clinic.example", roles: ["marketing"] as const };
const INTAKE = { name: "Ian Intake", email: "ian.blog@clinic.example", roles: ["intake"] as const };
const BRIEF = {
  topic: "Sleep and mood",
  audience: "Adults who sleep badly",
  keyphrase: "sleep and anxiety",
  tone: "warm",
  length: "short",
};

interface Streamed {
  status: number;
  contentType: string | null;
  contentEncoding: string | null;
  events: { name: string; data: Record<string, unknown>; at: number }[];
  text: string;
  end: Record<string, unknown> | undefined;
}

/** Reads the server-sent events as they arrive, each with the time it arrived. */
async function generate(
  app: ApiApp,
  cookie: string,
  fields: Record<string, string | string[]>,
  options: { signal?: AbortSignal; onEvent?: (name: string) => void; headers?: Record<string, string> } = {},
): Promise<Streamed> {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields))
    for (const v of Array.isArray(value) ? value : [value]) body.append(name, v);
  const res = await fetch(`${app.url}${STREAM}`, {
    method: "POST",
    headers: { cookie, origin: app.url, "content-type": "application/x-www-form-urlencoded", ...options.headers },
    body,
    signal: options.signal,
  });
  const streamed: Streamed = {
    status: res.status,
    contentType: res.headers.get("content-type"),
    contentEncoding: res.headers.get("content-encoding"),
    events: [],
    text: "",
    end: undefined,
  };
  if (!streamed.contentType?.startsWith("text/event-stream")) {
    streamed.end = (await res.json()) as Record<string, unknown>;
    return streamed;
  }
  const decoder = new TextDecoder();
  let buffer = "";
  try {
    for await (const piece of res.body!) {
      buffer += decoder.decode(piece, { stream: true });
      let cut: number;
      while ((cut = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const name = /^event: (.*)$/m.exec(block)![1]!;
        const data = JSON.parse(/^data: (.*)$/m.exec(block)![1]!) as Record<string, unknown>;
        streamed.events.push({ name, data, at: performance.now() });
        if (name === "text") streamed.text += data.text as string;
        if (name === "end") streamed.end = data;
        options.onEvent?.(name);
      }
    }
  } catch (error) {
    if (!options.signal?.aborted) throw error;
  }
  return streamed;
}

async function until<T>(read: () => Promise<T | undefined>, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * The generator through HTTP against a real OpenAI-compatible server on
 * loopback that streams and can be told to fail: what it is sent (the
 * clinic's facts, never a lead), the happy path, each failure named with the
 * partial text kept, cancel reaching the model, the records, save as draft.
 */
describe.each(databaseKinds())("blog draft generator on %s", (kind) => {
  let app: ApiApp;
  let model: ModelServer;
  let writer: string;
  let intake: string;
  const db = () => app.database.db;
  const latest = async () =>
    (await db().select().from(t.blogGenerations).orderBy(desc(t.blogGenerations.id)).limit(1))[0];

  beforeAll(async () => {
    model = await startModelServer();
    app = await startApiApp(kind, {
      BLOG_AI_BASE_URL: model.url,
      BLOG_AI_MODEL: "loopback-writer",
      BLOG_AI_API_KEY: "sk-test-loopback",
      BLOG_AI_TIMEOUT_SECONDS: "0.8",
    });
    await addStaff(app.database, [WRITER, INTAKE]);
    writer = await signInCookie(app.url, WRITER.email);
    intake = await signInCookie(app.url, INTAKE.email);
    // A real lead in the database: none of it may ever reach the model.
    expect((await postLead(app.url, HERO_LEAD)).status).toBe(201);
  });
  afterAll(async () => {
    await app?.stop();
    await model?.stop();
  });

  it("opens to the blog's roles only", async () => {
    expect((await fetch(`${app.url}${PAGE}`, { headers: { cookie: writer } })).status).toBe(200);
    expect((await fetch(`${app.url}${PAGE}`, { headers: { cookie: intake } })).status).toBe(403);
    expect((await generate(app, intake, { kind: "outline", ...BRIEF })).status).toBe(403);
    expect(model.requests).toHaveLength(0);
  });

  it("streams an outline grounded in the clinic's facts, never a lead, and records its tokens and time", async () => {
    const [service] = await db().select().from(t.treatments).limit(1);
    const [office] = await db().select().from(t.locations).limit(1);
    const [member] = await db().select().from(t.teamMembers).limit(1);
    const [insurer] = await db().select().from(t.insuranceProviders).limit(1);
    const res = await generate(app, writer, { kind: "outline", ...BRIEF, services: [service!.slug] });
    expect(res.status).toBe(200);
    expect(res.contentType).toMatch(/^text\/event-stream/);
    expect(res.text).toBe("## Why sleep matters\n\nSleep and mood are closely linked. See [Therapy](/therapy).");
    expect(res.end).toMatchObject({ outcome: "completed", message: null, promptTokens: 321, recorded: true });

    const sent = model.requests.at(-1)!;
    expect(sent.headers.authorization).toBe("Bearer sk-test-loopback");
    expect(sent.body).toMatchObject({
      model: "loopback-writer",
      stream: true,
      stream_options: { include_usage: true },
    });
    const told = model.sentText();
    for (const fact of [
      `${service!.title}: /${service!.slug}`,
      office!.name,
      member!.name,
      insurer!.name,
      "physically in Florida at the time of each visit",
      "sleep and anxiety",
      "988",
    ])
      expect(told).toContain(fact);
    for (const personal of [HERO_LEAD.firstName, HERO_LEAD.lastName, HERO_LEAD.email, "555-0199", WRITER.email])
      expect(told).not.toContain(personal);

    expect(await latest()).toMatchObject({
      kind: "outline",
      model: "loopback-writer",
      promptTokens: 321,
      completionTokens: 12,
      outcome: "completed",
    });
    const page = await (await fetch(`${app.url}${PAGE}`, { headers: { cookie: writer } })).text();
    expect(page).toContain("Latest generations");
    expect(page).toContain(WRITER.name);
  });

  it("writes the draft from the outline kept, passing each piece on as it comes, uncompressed", async () => {
    model.behave({ mode: "answer", delayMs: 150 });
    const res = await generate(
      app,
      writer,
      { kind: "draft", ...BRIEF, outline: "## Edited by staff\n- one point" },
      { headers: { "accept-encoding": "gzip, br" } },
    );
    expect(res.contentEncoding).toBeNull();
    expect(model.sentText()).toContain("## Edited by staff");
    const texts = res.events.filter((e) => e.name === "text");
    expect(texts).toHaveLength(6);
    // Each piece reached us about when the model sent it, not all at the end.
    expect(res.events.at(-1)!.at - texts[0]!.at).toBeGreaterThan(600);
    expect(res.end).toMatchObject({ outcome: "completed" });
    expect((await latest())!.kind).toBe("draft");
  });

  it.each([
    [{ mode: "fail", status: 500 } as const, "refused", /HTTP 500/, ""],
    [{ mode: "rate-limit", retryAfter: 20 } as const, "rate-limited", /HTTP 429\): try again in 20 s/, ""],
    [{ mode: "stall", after: 2 } as const, "timed-out", /stopped sending for 0\.8 s/, "## Why sleep matters\n\nSleep "],
    [{ mode: "slow-start", delayMs: 3000 } as const, "timed-out", /did not answer within 0\.8 s/, ""],
    [{ mode: "cut-off", after: 3 } as const, "cut-off", /cut off/, "## Why sleep matters\n\nSleep and mood "],
    [{ mode: "malformed", after: 2 } as const, "malformed", /not valid JSON/, "## Why sleep matters\n\nSleep "],
    [{ mode: "answer", finish: "length" } as const, "cut-off", /length limit/, "## Why sleep matters"],
  ])("names the problem when the model answers %o, keeping what arrived", async (behaviour, outcome, message, kept) => {
    model.behave(behaviour);
    const res = await generate(app, writer, { kind: "outline", ...BRIEF });
    expect(res.status).toBe(200);
    expect(res.end).toMatchObject({ outcome });
    expect(res.end!.message).toMatch(message);
    expect(res.text.startsWith(kept)).toBe(true);
    if (outcome === "rate-limited") expect(res.end!.retryAfter).toBe(20);
    expect((await latest())!.outcome).toBe(outcome);
  });

  it("stops the model's request when the browser cancels, and records it", async () => {
    let sent = 0;
    const pieces = Array.from({ length: 40 }, (_, i) => `word${i} `);
    model.behave({ mode: "answer", pieces, delayMs: 50, onPiece: () => (sent += 1) });
    const abort = new AbortController();
    const before = (await latest())!.id;
    let texts = 0;
    await generate(
      app,
      writer,
      { kind: "outline", ...BRIEF },
      { signal: abort.signal, onEvent: (name) => name === "text" && ++texts === 3 && abort.abort() },
    );
    const row = await until(async () => {
      const last = await latest();
      return last && last.id !== before ? last : undefined;
    });
    expect(row.outcome).toBe("cancelled");
    const stoppedAt = sent;
    await new Promise((r) => setTimeout(r, 300));
    expect(sent).toBe(stoppedAt);
    expect(sent).toBeLessThan(10);
  });

  it("refuses a brief that does not hold, before asking the model", async () => {
    model.behave({ mode: "answer" });
    const asked = model.requests.length;
    const short = await generate(app, writer, { kind: "outline", ...BRIEF, topic: "x" });
    expect(short.status).toBe(400);
    expect(short.end).toMatchObject({ fields: { topic: "Topic needs at least 3 characters." } });
    const unknown = await generate(app, writer, { kind: "outline", ...BRIEF, services: ["not-a-service"] });
    expect(unknown.status).toBe(400);
    const noOutline = await generate(app, writer, { kind: "draft", ...BRIEF, outline: "" });
    expect(noOutline.status).toBe(400);
    expect(model.requests.length).toBe(asked);
  });

  it("saves the draft as a new draft post, audited, and sends staff to its editor", async () => {
    const body = "Sleep and mood are linked.\n\n## What helps\n\nTalk to [our therapists](/therapy).";
    const res = await fetch(`${app.url}${PAGE}`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: writer, origin: app.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "save-draft", title: "Sleep and mood: what helps", body }),
    });
    expect(res.status).toBe(303);
    const id = Number(/^\/admin\/blog\/(\d+)$/.exec(res.headers.get("location") ?? "")?.[1]);
    const [post] = await db().select().from(t.blogPosts).where(eq(t.blogPosts.id, id));
    expect(post).toMatchObject({
      slug: "sleep-and-mood-what-helps",
      title: "Sleep and mood: what helps",
      status: "draft",
      body,
      excerpt: "Sleep and mood are linked.",
      publishedAt: null,
    });
    const [entry] = await db()
      .select()
      .from(t.auditLog)
      .where(eq(t.auditLog.action, "blog_draft_generated"))
      .orderBy(desc(t.auditLog.id));
    expect(entry).toMatchObject({ actorEmail: WRITER.email, targetId: String(id) });
    // A second draft with the same title gets a slug of its own.
    const again = await fetch(`${app.url}${PAGE}`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: writer, origin: app.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "save-draft", title: "Sleep and mood: what helps", body }),
    });
    const second = Number(/(\d+)$/.exec(again.headers.get("location") ?? "")?.[1]);
    expect((await db().select().from(t.blogPosts).where(eq(t.blogPosts.id, second)))[0]!.slug).toBe(
      "sleep-and-mood-what-helps-2",
    );
    const empty = await fetch(`${app.url}${PAGE}`, {
      method: "POST",
      headers: { cookie: writer, origin: app.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "save-draft", title: "A title", body: "" }),
    });
    expect(empty.status).toBe(400);
  });

  it("says the endpoint cannot be reached when it is down", async () => {
    await model.stop();
    const res = await generate(app, writer, { kind: "outline", ...BRIEF });
    expect(res.end).toMatchObject({ outcome: "unreachable" });
    expect(res.end!.message).toMatch(/could not be reached/);
  });
});

describe("blog draft generator without an endpoint", () => {
  let app: ApiApp;
  beforeAll(async () => {
    app = await startApiApp("pglite");
    await addStaff(app.database, [WRITER]);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("says how to connect one, offers the template outline, and never streams", async () => {
    const cookie = await signInCookie(app.url, WRITER.email);
    const page = await (await fetch(`${app.url}${PAGE}`, { headers: { cookie } })).text();
    expect(page).toContain("No model is connected");
    for (const name of ["BLOG_AI_BASE_URL", "BLOG_AI_MODEL", "BLOG_AI_API_KEY", "docs/operations.md"])
      expect(page).toContain(name);
    expect(page).toContain("Start from a template outline");
    const res = await generate(app, cookie, { kind: "outline", ...BRIEF });
    expect(res.status).toBe(409);
    expect(await app.database.db.select().from(t.blogGenerations)).toEqual([]);
  });
});
