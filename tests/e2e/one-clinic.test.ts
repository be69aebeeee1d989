import fs from "node:fs";
import { asc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import * as schema from "~/db/schema";
import { decodeEntities, elementTexts, jsonLdBlocks, metaContents, startTags, withoutScripts } from "../setup/html";
import { startServer, type TestServer } from "../setup/server";
import { copyPgliteTemplate } from "../setup/database";
import { siteReader, sitemapPaths } from "../setup/site-crawl";
import { seededSitemapPaths, UNLISTED_PAGES } from "../setup/site-pages";

const PUBLIC_URL = "https://clinic.example";
const SITEMAP = await seededSitemapPaths();
const PAGES = [...new Set(["/", ...SITEMAP, ...UNLISTED_PAGES])];

/** The offices as seeded (every test server starts from this template). */
async function seededOffices() {
  const dataDir = copyPgliteTemplate("offices");
  const database = await openDatabase({ dataDir });
  try {
    return await database.db
      .select()
      .from(schema.locations)
      .orderBy(asc(schema.locations.sortOrder), asc(schema.locations.id));
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
const OFFICES = await seededOffices();

/** The first `<name …>…</name>` element's markup (React's output nests no second header or footer). */
function region(html: string, name: string): string {
  return new RegExp(`<${name}\\b[^>]*>([\\s\\S]*?)</${name}>`, "i").exec(html)?.[1] ?? "";
}
const text = (html: string) =>
  decodeEntities(
    withoutScripts(html)
      .replace(/<!-- -->/g, "")
      .replace(/<[^>]*>/g, " "),
  )
    .replace(/\s+/g, " ")
    .trim();
/** The page's tap-to-call numbers, the 10-digit ones (988 and 911, the crisis lines, are on every page by design). */
const telNumbers = (html: string) =>
  startTags(html, "a")
    .map((a) => a.href ?? "")
    .filter((href) => /^tel:\+1\d{10}$/.test(href));
const tel = (phone: string) => `tel:+1${phone.replace(/\D/g, "")}`;

/** Every JSON-LD node on the page, nested ones (@graph) included. */
function jsonLdNodes(html: string): Record<string, unknown>[] {
  const nodes: Record<string, unknown>[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === "object") {
      nodes.push(value as Record<string, unknown>);
      for (const child of Object.values(value)) if (child && typeof child === "object") visit(child);
    }
  };
  for (const block of jsonLdBlocks(html)) visit(JSON.parse(block));
  return nodes;
}

/** "We'll contact you within 24 hours" and its variants: the promised reply times a page makes. */
const PROMISE = /\b(?:usually )?within (?:one|two|a|\d+) (?:business |working )?(?:hours?|days?)\b/gi;

/**
 * One clinic, told the same way on every page (issue 20, decision 0042): the
 * main office (the primary office row) gives the header, the footer, the
 * "Visit Our Clinic" block and the clinic's structured data their phone,
 * address and hours; an office page shows its own office and never a second
 * one; every page promises the same reply time.
 */
describe("one clinic on every page", () => {
  let server: TestServer;
  let site: { footerPhone: string; footerAddress: string; footerCityLine: string; replyPromise: string };
  const reader = siteReader(() => server.url, PUBLIC_URL);
  const main = OFFICES.find((o) => o.isPrimary)!;

  beforeAll(async () => {
    server = await startServer({ env: { PUBLIC_URL } });
    site = await (await fetch(`${server.url}/api/site-content`)).json();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("has one main office, the spec's footer address and hours, and the site content reads it", async () => {
    expect(OFFICES.filter((o) => o.isPrimary).map((o) => o.slug)).toEqual(["orlando"]);
    expect((await sitemapPaths(server.url, PUBLIC_URL)).paths).toEqual(SITEMAP);
    expect(site).toMatchObject({
      footerPhone: main.phone,
      footerAddress: main.street,
      footerCityLine: "Orlando, FL 32810",
    });
    expect(main.hours).toEqual([
      { label: "Monday – Friday", value: "9:00 AM – 5:00 PM" },
      { label: "Saturday", value: "By appointment" },
      { label: "Sunday", value: "Closed" },
    ]);
  });

  it("shows one main phone, address, hours and reply promise across every page and its JSON-LD", async () => {
    const problems: string[] = [];
    const promises = new Map<string, string[]>();
    const footerHours = new Set<string>();
    const mainPhones = new Set<string>();
    const clinicNodes = new Set<string>(); // [field, value] of every node naming the clinic
    for (const path of PAGES) {
      const page = await reader.get(path);
      const html = page.html ?? "";
      if (!html) {
        problems.push(`${path}: no HTML (${page.status})`);
        continue;
      }
      const header = region(html, "header");
      const footer = region(html, "footer");
      // The header's and the footer's phone: the main one, on every page.
      for (const href of [...telNumbers(header), ...telNumbers(footer)]) mainPhones.add(href);
      const hours = /Office Hours[\s\S]*?<dl\b[^>]*>([\s\S]*?)<\/dl>/.exec(footer)?.[1];
      footerHours.add(text(hours ?? ""));
      if (!text(footer).includes(main.street)) problems.push(`${path}: the footer does not give ${main.street}`);

      // At most one "Visit Our Clinic" block, and it is the main office's.
      const visits = html.match(/id="visit-title"/g)?.length ?? 0;
      if (visits > 1) problems.push(`${path}: ${visits} "Visit Our Clinic" blocks`);
      if (visits === 1) {
        const block = /<section aria-labelledby="visit-title"[\s\S]*?<\/section>/.exec(html)![0];
        for (const office of OFFICES.filter((o) => o !== main))
          if (text(block).includes(office.street)) problems.push(`${path}: "Visit Our Clinic" gives ${office.name}`);
        if (!text(block).includes(main.street)) problems.push(`${path}: "Visit Our Clinic" lacks ${main.street}`);
      }

      // Any phone number in the words is the main one or an office's own (on the office lists and pages).
      for (const [number] of text(html).matchAll(/\(\d{3}\) \d{3}-\d{4}/g))
        if (!OFFICES.some((o) => o.phone === number)) problems.push(`${path}: the page names the phone ${number}`);

      // Only the main office is called the main office.
      const office = OFFICES.find((o) => path === `/locations/${o.slug}`);
      if (office && office !== main && /main office/i.test(text(html) + metaContents(html, "description").join(" ")))
        problems.push(`${path}: ${office.name} is called the main office`);
      if (office && visits > 0) problems.push(`${path}: an office page also shows the "Visit Our Clinic" block`);

      // The structured data: the clinic is the main office; each office node is that office.
      for (const node of jsonLdNodes(html)) {
        const id = String(node["@id"] ?? "");
        const address = node.address as Record<string, string> | undefined;
        // The clinic's node, in full on the home page, as a reference with its phone elsewhere.
        if (id.endsWith("/#clinic")) {
          for (const [key, value] of [
            ["telephone", node.telephone],
            ["streetAddress", address?.streetAddress],
            ["openingHoursSpecification", node.openingHoursSpecification],
          ] as const)
            if (value !== undefined) clinicNodes.add(JSON.stringify([key, value]));
        }
        if (id.endsWith("#office")) {
          const named = OFFICES.find((o) => o.street === address?.streetAddress);
          if (!named || named.phone !== node.telephone)
            problems.push(`${path}: office JSON-LD ${address?.streetAddress} / ${String(node.telephone)} is no office`);
        }
        if (node.telephone && ![main, ...OFFICES].some((o) => o.phone === node.telephone))
          problems.push(`${path}: JSON-LD names the phone ${String(node.telephone)}`);
      }

      // Reply promises, in the visible text and in what search results show.
      const words = [text(html), ...metaContents(html, "description"), ...jsonLdBlocks(html)].join(" ");
      for (const [promise] of words.matchAll(PROMISE)) {
        const key = promise.toLowerCase();
        promises.set(key, [...(promises.get(key) ?? []), path]);
      }
    }
    expect(problems).toEqual([]);
    expect([...mainPhones]).toEqual([tel(main.phone)]);
    expect([...footerHours]).toEqual([main.hours.map((h) => `${h.label} ${h.value}`).join(" ")]);
    expect([...clinicNodes].map((entry) => JSON.parse(entry) as unknown)).toEqual([
      ["telephone", main.phone],
      ["streetAddress", main.street],
      [
        "openingHoursSpecification",
        [
          {
            "@type": "OpeningHoursSpecification",
            dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
            opens: "09:00",
            closes: "17:00",
          },
        ],
      ],
    ]);
    expect(Object.fromEntries(promises), "every reply promise is the site content's").toEqual({
      [site.replyPromise]: expect.any(Array),
    });
  });

  it("gives each office page its own phone, address and hours, and the main office's page the footer's", async () => {
    for (const office of OFFICES) {
      const html = (await reader.get(`/locations/${office.slug}`)).html ?? "";
      const main = region(html, "main") || html;
      expect(text(main)).toContain(office.street);
      expect(telNumbers(main)).toContain(tel(office.phone));
      for (const row of office.hours) expect(text(main)).toContain(`${row.label} ${row.value}`);
    }
    const mainPage = (await reader.get(`/locations/${main.slug}`)).html ?? "";
    expect(text(region(mainPage, "footer"))).toContain(`${site.footerAddress} ${site.footerCityLine}`);
  });

  it("names each insurer once on its /insurance card, a logo (its alt text) or a wordmark, in the providers' order", async () => {
    const providers: { name: string; slug: string; logo: string | null }[] = await (
      await fetch(`${server.url}/api/insurance-providers`)
    ).json();
    const html = (await reader.get("/insurance")).html ?? "";
    const grid = /<ul aria-label="Insurance providers"[^>]*>([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? "";
    const cards = [...grid.matchAll(/<li\b[^>]*>([\s\S]*?)<\/li>/g)].map((m) => m[1]!);
    expect(cards).toHaveLength(providers.length);
    for (const [i, card] of cards.entries()) {
      const provider = providers[i]!;
      // What the card says: its words and its images' alt text, each a way of naming the insurer.
      const said = [text(card), ...startTags(card, "img").map((img) => img.alt ?? "")].filter(Boolean);
      expect(said, provider.slug).toEqual([provider.name]);
      expect(startTags(card, "a").map((a) => a.href)).toEqual([`/${provider.slug}`]);
    }
  });

  it("gives every inner page the side column, with the next step, the main phone and related pages", async () => {
    const missing: string[] = [];
    for (const path of PAGES.filter((p) => !["/", ...UNLISTED_PAGES].includes(p))) {
      const html = (await reader.get(path)).html ?? "";
      const side = /<div data-side-column[^>]*>([\s\S]*?)<\/aside>/.exec(html)?.[1];
      if (!side) {
        missing.push(path);
        continue;
      }
      if (path === "/request-appointment" || path === "/get-started") continue; // their own next steps
      const links = startTags(side, "a").map((a) => a.href);
      expect(links, path).toContain("/request-appointment");
      expect(links, path).toContain(tel(site.footerPhone));
      // Related pages never include the page itself.
      const related = /<nav aria-labelledby="side-related-title"[^>]*>([\s\S]*?)<\/nav>/.exec(side)?.[1] ?? "";
      const relatedLinks = startTags(related, "a").map((a) => a.href);
      expect(relatedLinks.length, path).toBeGreaterThanOrEqual(3);
      expect(relatedLinks, path).not.toContain(path);
    }
    expect(missing).toEqual([]);
  });

  it("repeats no paragraph within a page", async () => {
    const repeated: string[] = [];
    for (const path of PAGES) {
      const html = withoutScripts((await reader.get(path)).html ?? "");
      const seen = new Set<string>();
      for (const p of elementTexts(html, "p")) {
        const words = p.replace(/\s+/g, " ").trim();
        // A paragraph is sentences: short lines and card facts ("Closed", "In person · English") may
        // rightly repeat. The crisis help (988) is repeated on purpose: every page and every form shows it.
        if (words.length < 40 || !/[.!?]["”’)]?$/.test(words) || words.includes("988")) continue;
        if (seen.has(words)) repeated.push(`${path}: "${words.slice(0, 80)}…"`);
        seen.add(words);
      }
    }
    expect(repeated).toEqual([]);
  });
});
