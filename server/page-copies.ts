import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Logger } from "./logger";

/** A public page as it was last rendered with the database answering. */
export interface PageCopy {
  path: string;
  status: number;
  /** The document's own headers (content type, its CSP with the script hashes…), not the transport's. */
  headers: [string, string][];
  body: Buffer;
  savedAt: string;
}

interface CopyFile {
  path: string;
  status: number;
  headers: [string, string][];
  body: string;
  savedAt: string;
}

/**
 * The last good copies of the public pages (issue 21, decision 0039): in
 * memory for serving, and on disk so that a process started while the
 * database is away has them too. One file per path, named by its hash,
 * written to a temporary name and renamed, so a reader (another instance on
 * the same directory, or this one after a crash) never sees half a page.
 */
export class PageCopies {
  private copies = new Map<string, PageCopy>();

  constructor(
    private readonly dir: string,
    private readonly logger: Logger,
  ) {}

  get size() {
    return this.copies.size;
  }

  get(pathname: string): PageCopy | undefined {
    return this.copies.get(pathname);
  }

  paths(): string[] {
    return [...this.copies.keys()];
  }

  /** Reads what earlier processes saved; a file that cannot be read is skipped (it is only a copy). */
  load() {
    let names: string[];
    try {
      names = fs.readdirSync(this.dir);
    } catch {
      return;
    }
    for (const name of names) {
      if (!name.endsWith(".json")) continue;
      try {
        const file = JSON.parse(fs.readFileSync(path.join(this.dir, name), "utf8")) as CopyFile;
        if (typeof file.path !== "string" || typeof file.body !== "string") continue;
        const copy = { ...file, body: Buffer.from(file.body, "base64") };
        const held = this.copies.get(file.path);
        if (!held || held.savedAt < copy.savedAt) this.copies.set(file.path, copy);
      } catch {
        // A copy from an older format or a damaged file: the next refresh writes it again.
      }
    }
    if (this.copies.size) this.logger.info({ pages: this.copies.size }, "loaded last good copies of public pages");
  }

  save(copy: PageCopy) {
    this.copies.set(copy.path, copy);
    const file: CopyFile = { ...copy, body: copy.body.toString("base64") };
    try {
      fs.mkdirSync(this.dir, { recursive: true });
      const target = path.join(this.dir, fileName(copy.path));
      const temporary = `${target}.${process.pid}.tmp`;
      fs.writeFileSync(temporary, JSON.stringify(file));
      fs.renameSync(temporary, target);
    } catch (error) {
      // The copy in memory still serves this process.
      this.logger.warn(
        { err: { name: (error as Error)?.name, code: (error as { code?: string })?.code } },
        "could not save a page copy to disk",
      );
    }
  }

  /** Forgets the pages that are no longer on the site (left out of the last full refresh). */
  keepOnly(paths: Set<string>) {
    for (const pathname of [...this.copies.keys()]) {
      if (paths.has(pathname)) continue;
      this.copies.delete(pathname);
      fs.rmSync(path.join(this.dir, fileName(pathname)), { force: true });
    }
  }
}

function fileName(pathname: string) {
  return `${crypto.createHash("sha256").update(pathname).digest("hex").slice(0, 32)}.json`;
}
