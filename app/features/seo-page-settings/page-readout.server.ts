import type { ServerServices } from "~/context";
import { signDefaultsRead, PAGE_DEFAULTS_HEADER } from "~/features/seo/page-defaults-read.server";
import { factsOf, readPage } from "~/features/seo-text/read-page.server";
import type { PageContent, PageDefaults, Readability } from "./page-settings-types";
import { readability } from "~/features/seo-text/readability.server";

const READ_TIMEOUT_MS = 4000;

export type PageReadout =
  | { ok: true; siteName: string | null; defaults: PageDefaults; content: PageContent; readability: Readability }
  | { ok: false; status: 404 | 502; message: string; goTo?: string };

/**
 * Reads a public page as the site serves it without its settings (the
 * signed defaults-read header: skipped settings, no page cache), at the
 * site's own loopback address, as a bot (so neither the analytics nor the
 * 404 monitor count it), and takes what the editor needs from its HTML.
 * Only a page that answers 200 with HTML may have settings.
 */
export async function readPageAsItIs(
  services: Pick<ServerServices, "self" | "secret">,
  publicUrl: string,
  path: string,
  signal?: AbortSignal,
): Promise<PageReadout> {
  const origin = services.self.url;
  if (!origin)
    return { ok: false, status: 502, message: "The site cannot read its own pages yet. Try again in a moment." };
  const reading = await readPage(origin, path, {
    headers: { [PAGE_DEFAULTS_HEADER]: signDefaultsRead(services.secret, path) },
    // Within the staff area's 5 s database deadline, so a slow page says so instead of "database away".
    timeoutMs: READ_TIMEOUT_MS,
    signal,
  });
  if (reading.status >= 300 && reading.status < 400 && reading.location) {
    const next = new URL(reading.location);
    const ours = next.origin === new URL(origin).origin;
    const target = ours ? next.pathname + next.search : next.href;
    return {
      ok: false,
      status: 404,
      message: `${path} sends visitors on to ${target}, so it has no page of its own to set.${ours ? " Set that page instead." : ""}`,
      ...(ours ? { goTo: next.pathname } : {}),
    };
  }
  if (reading.status === 404 || reading.status === 410)
    return { ok: false, status: 404, message: `There is no page at ${path} on the site.` };
  const facts = reading.status === 200 ? factsOf(reading, publicUrl) : null;
  if (reading.status === 200 && !facts)
    return { ok: false, status: 404, message: `${path} is a file, not a page: only pages have search settings.` };
  if (!facts)
    return {
      ok: false,
      status: 502,
      message: `The page could not be read just now (${reading.status ? `it answered ${reading.status}` : (reading.error ?? "no answer")}). Try again in a moment.`,
    };
  const first = <T>(list: T[]) => list[0];
  return {
    ok: true,
    siteName: facts.openGraph["og:site_name"] ?? null,
    defaults: {
      title: first(facts.titles) ?? "",
      description: first(facts.descriptions) ?? "",
      canonical: first(facts.canonicals) ?? "",
      noindex:
        facts.robots.some((value) => /\bnoindex\b/i.test(value)) || /\bnoindex\b/i.test(reading.robotsHeader ?? ""),
      socialImage: facts.openGraph["og:image"] ?? "",
      socialTitle: facts.openGraph["og:title"] ?? "",
      socialDescription: facts.openGraph["og:description"] ?? "",
    },
    content: {
      h1: facts.headings.filter((h) => h.level === 1).map((h) => h.text),
      firstParagraph: facts.firstParagraph,
      imageAlts: facts.images.filter((image) => image.inMain && !image.hidden).map((image) => image.alt),
      text: facts.mainText,
      wordCount: facts.wordCount,
    },
    readability: readability(facts.paragraphs),
  };
}
