import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readContentFiles } from "./content-files.server";
import { contentDir } from "./seed.server";

describe("demo content files", () => {
  const copies: string[] = [];
  afterEach(() => {
    for (const dir of copies.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  function copyOfContent() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "content-"));
    fs.cpSync(contentDir, dir, { recursive: true });
    copies.push(dir);
    return dir;
  }

  it("are all valid, with the words of every treatment and provider", () => {
    const content = readContentFiles(contentDir);
    expect(content["treatment-pages"].length).toBe(content.treatments.length);
    expect(content.pages.map((p) => p.slug)).toContain("crisis-therapy");
    expect(content.blog.length).toBeGreaterThanOrEqual(6);
  });

  it("refuses a page whose search description is too long, naming the file and the rule", () => {
    const dir = copyOfContent();
    const file = path.join(dir, "pages", "pricing.md");
    const text = fs
      .readFileSync(file, "utf8")
      .replace(/^metaDescription:.*$/m, `metaDescription: "${"x".repeat(170)}"`);
    fs.writeFileSync(file, text);
    expect(() => readContentFiles(dir)).toThrow(/pricing\.md is invalid: .*metaDescription must be at most 156/s);
  });

  it("refuses a treatment without its page and a post by someone not on the team", () => {
    const dir = copyOfContent();
    fs.rmSync(path.join(dir, "treatments", "adhd.md"));
    expect(() => readContentFiles(dir)).toThrow(/adhd\.md is invalid: the file is missing/);
    fs.cpSync(contentDir, dir, { recursive: true });
    const post = fs.readdirSync(path.join(dir, "blog"))[0]!;
    const file = path.join(dir, "blog", post);
    fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace(/^author: .*$/m, "author: dr-nobody"));
    expect(() => readContentFiles(dir)).toThrow(/'dr-nobody' is not in team\.json/);
  });
});
