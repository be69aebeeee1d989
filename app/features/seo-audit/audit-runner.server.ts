import type { Db } from "~/db/client.server";
import { seoRedirects } from "~/db/schema";
import { analyseSite, type PageSpeedFigure } from "./analyse-site.server";
import type { AuditOutcome, StoredOutcome } from "./audit-types";
import {
  beatAuditRun,
  claimAuditRun,
  failAuditRun,
  finishAuditRun,
  storedOutcome,
  type Claim,
  type RunTrigger,
} from "./audit-runs.server";
import { crawlSite, type CrawlProgress, type CrawlResult } from "./crawl.server";
import { lcpByPage } from "./page-speed.server";

/**
 * Runs the site audit in the background (decision 0030): claims the run in
 * the database, gathers what the crawl needs from it (the redirects' old
 * addresses, each page's real-visitor speed), hands the reading of the site
 * to a SiteReader, and writes what comes back. The reader is where the pages
 * are rendered: in the production server a child process with its own instance
 * of the site (server/audit-child-host.ts), so visitors' answers do not wait
 * behind a thousand renders; elsewhere (development, the in-process test app)
 * the server itself, at its loopback address.
 */

/** What a reader needs besides the site itself. */
export interface SiteReadRequest {
  publicUrl: string;
  redirectPaths: string[];
  /** Where the serving process answers page-cache hits alone (crawl.server.ts `cachedOrigin`). */
  cachedOrigin?: string | null;
  /** The paths whose pages that process had stored when the run began (crawl.server.ts `cachedPaths`). */
  cachedPaths?: readonly string[] | null;
}

/** Each page's real-visitor speed, read from the analytics while the pages are being read. */
export type SpeedFigures = [string, PageSpeedFigure][];

export interface SiteReadHooks {
  signal: AbortSignal;
  onProgress: (progress: CrawlProgress) => void;
  /** The crawl is done (before the judgement): how it went, for the reader's own figures. */
  onCrawled?: (crawl: CrawlResult) => void;
}

export interface SiteReader {
  /** Stored with the run: "worker" or "in-process". */
  mode: string;
  /** The outcome whole, or with its results already in the stored form (the child process's). */
  read(
    request: SiteReadRequest,
    speed: Promise<SpeedFigures>,
    hooks: SiteReadHooks,
  ): Promise<AuditOutcome | StoredOutcome>;
  /** Gets ready for a run that may come soon (a staff member opened the audit's page). */
  prewarm?(): void;
  /** Lets go of what it holds (the server is stopping). */
  close?(): void;
}

/**
 * The crawl and the judgement of the site at `origin`, wherever they run (the
 * worker calls this too). The speed figures are needed only for the judgement,
 * so their query runs while the pages are read.
 */
export async function auditSite(
  origin: string,
  request: SiteReadRequest,
  speed: Promise<SpeedFigures>,
  hooks: SiteReadHooks,
): Promise<AuditOutcome> {
  const crawl = await crawlSite({
    origin,
    publicUrl: request.publicUrl,
    redirectPaths: request.redirectPaths,
    cachedOrigin: request.cachedOrigin,
    cachedPaths: request.cachedPaths,
    signal: hooks.signal,
    onProgress: hooks.onProgress,
  });
  hooks.onCrawled?.(crawl);
  return analyseSite(crawl, { publicUrl: request.publicUrl, speed: new Map(await speed) });
}

/** Reads the site through this very server, at its own loopback address (known once it listens). */
export function inProcessReader(self: { url: string | null }): SiteReader {
  return {
    mode: "in-process",
    read(request, speed, hooks) {
      if (!self.url) throw new Error("The site's own address is not known yet (the server is not listening).");
      return auditSite(self.url, request, speed, hooks);
    },
  };
}

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * How often a running audit says it is alive (a run silent for a minute is
 * taken over) and writes how far it has got. Only another instance's pages
 * read the row's progress: this instance's pages read it from memory
 * (progress()), so a write a second was a query a second on the visitors'
 * thread for nobody (PGlite, issue 16).
 */
const HEARTBEAT_MS = 10_000;
/** How long after the claim the work begins (see start()). */
const START_AFTER_MS = 100;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class SiteAuditRunner {
  private current: {
    runId: number;
    controller: AbortController;
    done: Promise<void>;
    /** How far it has got, as the crawl last said (kept on every step; written to the run row with each heartbeat). */
    progress: CrawlProgress;
  } | null = null;
  private stopping = false;

  constructor(
    private readonly db: Db,
    private readonly options: { publicUrl: string; logger: Log; reader: SiteReader },
  ) {}

  /** Where pages are read (main.ts gives the production server the worker's reader). */
  useReader(reader: SiteReader): void {
    this.options.reader = reader;
  }

  /**
   * Starts a run in the background, unless one is running anywhere: the new
   * run, or the one already going. Answers as soon as the run is claimed.
   */
  async start(trigger: RunTrigger, requestedBy: string | null): Promise<Claim> {
    if (this.stopping) throw new Error("The server is stopping.");
    const claim = await claimAuditRun(this.db, { trigger, requestedBy, mode: this.options.reader.mode });
    if (!claim.ok) return claim;
    const controller = new AbortController();
    const runId = claim.run.id;
    // The work begins a moment after the claim, once the page that asked for it has been answered: on
    // PGlite both run on the thread that answers visitors, and two short busy spells keep a visitor
    // waiting less than one long one.
    const done = new Promise((resolve) => setTimeout(resolve, START_AFTER_MS).unref())
      .then(() => this.execute(runId, controller))
      .finally(() => {
        if (this.current?.runId === runId) this.current = null;
      });
    this.current = { runId, controller, done, progress: { found: 0, done: 0 } };
    return claim;
  }

  /**
   * The run this instance is doing and how far it has got, from memory (no
   * query): null when it does none (another instance may).
   */
  progress(): { runId: number; found: number; done: number } | null {
    const current = this.current;
    return current ? { runId: current.runId, ...current.progress } : null;
  }

  /** Resolves when this instance has no run going (tests, and shutdown). */
  async idle(): Promise<void> {
    while (this.current) await this.current.done;
  }

  /**
   * A staff member who may press the re-check button opened the audit's page:
   * the reader gets ready (the production server starts its child process), so
   * a press finds it ready.
   */
  prewarm(): void {
    if (!this.stopping) this.options.reader.prewarm?.();
  }

  /** Stops a run this instance is doing (marked failed: the server stopped) and starts no more. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.current?.controller.abort(new Error("The server was stopped during the check."));
    await this.idle();
    this.options.reader.close?.();
  }

  private async execute(runId: number, controller: AbortController): Promise<void> {
    const { db } = this;
    const { logger, publicUrl, reader } = this.options;
    const began = performance.now();
    // The heartbeat, with the progress so far; a run another instance has taken over (it thought this one dead) stops.
    const heartbeat = setInterval(() => {
      const progress = this.current?.runId === runId ? this.current.progress : undefined;
      beatAuditRun(db, runId, progress).then(
        (ours) => {
          if (!ours) controller.abort(new Error("Another server took over the check."));
        },
        () => {},
      );
    }, HEARTBEAT_MS);
    heartbeat.unref();
    try {
      const redirectPaths = (await db.select({ from: seoRedirects.fromPath }).from(seoRedirects)).map((r) => r.from);
      // Speed is one column of many: an analytics query that fails leaves it unknown, not the audit.
      const speed = lcpByPage(db).then(
        (figures) => [...figures],
        (error: unknown): SpeedFigures => {
          logger.warn({ err: messageOf(error) }, "site audit: real-visitor speed could not be read");
          return [];
        },
      );
      const read = await reader.read({ publicUrl, redirectPaths }, speed, {
        signal: controller.signal,
        onProgress: (progress) => {
          if (this.current?.runId === runId) this.current.progress = { found: progress.found, done: progress.done };
        },
      });
      controller.signal.throwIfAborted();
      const readMs = performance.now() - began;
      const outcome = storedOutcome(read);
      const kept = await finishAuditRun(db, runId, outcome, performance.now() - began);
      logger.info(
        {
          runId,
          mode: reader.mode,
          addresses: outcome.stored.counts.addresses,
          problems: outcome.stored.counts.problems,
          siteScore: outcome.siteScore,
          readMs: Math.round(readMs),
          ms: Math.round(performance.now() - began),
        },
        kept ? "site audit finished" : "site audit taken over by another server; its results were dropped",
      );
    } catch (error) {
      const reason = controller.signal.aborted ? messageOf(controller.signal.reason) : messageOf(error);
      logger.warn({ runId, err: reason }, "site audit failed");
      await failAuditRun(db, runId, reason).catch(() => {});
    } finally {
      clearInterval(heartbeat);
    }
  }
}
