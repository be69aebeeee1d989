import { readPageFacts, type PageFacts } from "./page-facts.server";

/**
 * The user agent the site's own reads of its pages send: a bot by every
 * bot list (isbot), so the 404 monitor and the analytics never count them.
 */
export const SITE_READER_AGENT = "Mozilla/5.0 (compatible; ClinicSiteAudit/1.0; +site audit bot)";

// A page of ours is ~100 KB; anything past this is not a page a crawler would read whole either.
const MAX_BODY_BYTES = 5 * 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 15_000;

/** One address as the site answered it. */
export interface PageReading {
  /** The path (and query) asked for. */
  path: string;
  /** The HTTP status; 0 when no answer came (refused, timed out). */
  status: number;
  /** Where a redirect points, resolved against the asked address. */
  location: string | null;
  contentType: string | null;
  /** `X-Robots-Tag`. */
  robotsHeader: string | null;
  lastModified: string | null;
  /** The body of an HTML answer (any status); null otherwise. */
  html: string | null;
  /** Why there was no answer (status 0), or why the body was not read. */
  error: string | null;
  /** Time to the whole answer, in milliseconds. */
  ms: number;
}

/**
 * Asks the site itself for a path, as a crawler would: GET, redirects not
 * followed (the caller sees each hop), the body read only when it is HTML.
 * `origin` is where this process can reach the site (its own loopback
 * address); the answer is what any visitor would get there.
 */
export async function readPage(
  origin: string,
  path: string,
  options: { headers?: Record<string, string>; timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<PageReading> {
  const started = performance.now();
  const reading: PageReading = {
    path,
    status: 0,
    location: null,
    contentType: null,
    robotsHeader: null,
    lastModified: null,
    html: null,
    error: null,
    ms: 0,
  };
  const signals = [AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS)];
  if (options.signal) signals.push(options.signal);
  const url = new URL(path, origin);
  try {
    const response = await fetch(url, {
      redirect: "manual",
      signal: AbortSignal.any(signals),
      headers: { "user-agent": SITE_READER_AGENT, accept: "text/html,*/*;q=0.8", ...options.headers },
    });
    reading.status = response.status;
    const location = response.headers.get("location");
    reading.location = location ? new URL(location, url).href : null;
    reading.contentType = response.headers.get("content-type");
    reading.robotsHeader = response.headers.get("x-robots-tag");
    reading.lastModified = response.headers.get("last-modified");
    const declared = Number(response.headers.get("content-length") ?? 0);
    if (!/^text\/html\b/i.test(reading.contentType ?? "") || declared > MAX_BODY_BYTES) {
      await response.body?.cancel();
      if (declared > MAX_BODY_BYTES) reading.error = `The answer is larger than ${MAX_BODY_BYTES} bytes.`;
    } else {
      const bytes = await response.arrayBuffer();
      if (bytes.byteLength > MAX_BODY_BYTES) reading.error = `The answer is larger than ${MAX_BODY_BYTES} bytes.`;
      else reading.html = new TextDecoder().decode(bytes);
    }
  } catch (error) {
    reading.error =
      error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
  }
  reading.ms = performance.now() - started;
  return reading;
}

/** The facts of an HTML reading, with links resolved as they would be at the public address. */
export function factsOf(reading: PageReading, publicUrl: string): PageFacts | null {
  return reading.html === null ? null : readPageFacts(reading.html, new URL(reading.path, `${publicUrl}/`).href);
}
