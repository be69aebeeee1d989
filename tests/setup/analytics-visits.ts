import type { Database } from "~/db/client.server";
import { eventSchema, pageViewSchema } from "~/features/analytics/analytics-schema";
import { AnalyticsIngester } from "~/features/analytics/ingester.server";

export const AGENTS = {
  chrome:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  iphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  ipad: "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
  firefox: "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
};

export type VisitStep =
  | { after: number; path: string }
  | { after: number; path: string; event: string; label?: string; category?: string; value?: number };

/** A visit as a browser would make it: who, when it starts, where it came from, then its beacons. */
export interface ScriptedVisit {
  ip: string;
  ua: string;
  /** ISO instant of the first beacon. */
  at: string;
  referrer?: string;
  utm?: { source?: string; medium?: string; campaign?: string; term?: string; content?: string };
  gclid?: string;
  /** Seconds after `at`; the first step must be a page view. */
  steps: VisitStep[];
}

/**
 * Records visits through the real ingester (group commit, visit planning,
 * traffic and device classification) with its clock set to each beacon's
 * time, so the rows are exactly what real traffic at those times leaves.
 */
export async function recordVisits(database: Database, visits: readonly ScriptedVisit[]): Promise<void> {
  let clock = 0;
  const ingester = new AnalyticsIngester({
    database,
    rule: { name: "analytics-test", limit: 1_000_000, windowSeconds: 60 },
    secret: "s".repeat(32),
    publicUrl: "http://clinic.example",
    maxWaitMs: 0,
    now: () => clock,
  });
  const beacons = visits.flatMap((visit) =>
    visit.steps.map((step, index) => ({ visit, step, index, at: Date.parse(visit.at) + step.after * 1000 })),
  );
  beacons.sort((a, b) => a.at - b.at);
  try {
    for (const { visit, step, index, at } of beacons) {
      clock = at;
      const client = { ip: visit.ip, userAgent: visit.ua, host: "clinic.example" };
      if ("event" in step) {
        const data = eventSchema.parse({
          eventType: step.event,
          eventCategory: step.category ?? (step.event === "web_vital" ? "performance" : "conversion"),
          eventLabel: step.label ?? null,
          value: step.value ?? null,
          path: step.path,
        });
        await ingester.recordEvent(data, client);
      } else {
        const landing = index === 0;
        const data = pageViewSchema.parse({
          path: step.path,
          userAgent: visit.ua,
          referrer: landing ? (visit.referrer ?? null) : "http://clinic.example/",
          utmSource: landing ? (visit.utm?.source ?? null) : null,
          utmMedium: landing ? (visit.utm?.medium ?? null) : null,
          utmCampaign: landing ? (visit.utm?.campaign ?? null) : null,
          utmTerm: landing ? (visit.utm?.term ?? null) : null,
          utmContent: landing ? (visit.utm?.content ?? null) : null,
          gclid: landing ? (visit.gclid ?? null) : null,
        });
        await ingester.recordPageView(data, client);
      }
    }
  } finally {
    await ingester.stop();
  }
}
