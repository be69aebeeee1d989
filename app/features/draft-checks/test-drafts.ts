import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Draft, OtherPost } from "./draft-types";

/**
 * The clinic's own published posts (content/blog), as drafts: realistic
 * texts written to the clinic's standard, for the checks' tests.
 */
export function seededPosts(): (Draft & OtherPost)[] {
  const dir = path.resolve("content/blog");
  return readdirSync(dir)
    .filter((name) => name.endsWith(".md"))
    .sort()
    .map((name, i) => {
      const file = readFileSync(path.join(dir, name), "utf8");
      const [, front, body] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(file)!;
      const field = (key: string) =>
        /^(\w+): "?(.*?)"?$/m.exec(front.split("\n").find((l) => l.startsWith(`${key}:`)) ?? "")?.[2] ?? "";
      return {
        id: i + 1,
        slug: name.replace(/\.md$/, ""),
        title: field("title"),
        metaTitle: field("metaTitle"),
        metaDescription: field("metaDescription"),
        body,
      };
    });
}
