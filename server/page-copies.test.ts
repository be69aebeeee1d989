import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createLogger } from "./logger";
import { PageCopies } from "./page-copies";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "page-copies-test-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const logger = createLogger("silent");

describe("the last good copies on disk", () => {
  it("are read back by a new process, newest first, and pages gone from the site are forgotten", () => {
    const first = new PageCopies(dir, logger);
    const page = (p: string, text: string, savedAt: string) => ({
      path: p,
      status: 200,
      headers: [["content-type", "text/html; charset=utf-8"]] as [string, string][],
      body: Buffer.from(text),
      savedAt,
    });
    first.save(page("/adhd", "<p>ADHD</p>", "2026-11-26T10:00:00.000Z"));
    first.save(page("/old-page", "<p>old</p>", "2026-11-26T10:00:00.000Z"));
    first.save(page("/adhd", "<p>ADHD, edited</p>", "2026-11-26T11:00:00.000Z"));
    // Nothing half-written is left behind.
    expect(fs.readdirSync(dir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
    fs.writeFileSync(path.join(dir, "damaged.json"), "{not json");

    const next = new PageCopies(dir, logger);
    next.load();
    expect(next.get("/adhd")?.body.toString()).toBe("<p>ADHD, edited</p>");
    expect(next.get("/adhd")?.headers).toEqual([["content-type", "text/html; charset=utf-8"]]);
    expect(next.size).toBe(2);

    next.keepOnly(new Set(["/adhd"]));
    const third = new PageCopies(dir, logger);
    third.load();
    expect(third.paths()).toEqual(["/adhd"]);
  });
});
