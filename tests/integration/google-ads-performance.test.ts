import { beforeAll, expect, it } from "vitest";
import { leads, type LeadAttribution, type LeadFormType, type LeadStatus } from "~/db/schema";
import { setBudget } from "~/features/ad-performance/budgets.server";
import { formatMoney } from "~/features/ad-performance/money";
import { performancePageData } from "~/features/ad-performance/performance-page.server";
import { searchTermsPageData } from "~/features/ad-performance/search-terms-page.server";
import { rollUpDays } from "~/features/web-analytics/rollup.server";
import { AGENTS, recordVisits, type ScriptedVisit } from "../setup/analytics-visits";
import { describeOnEachDatabase } from "../setup/database-suite";
import { googleAdsFixture } from "../setup/google-ads-report";
import { importReport } from "../setup/google-ads-import";
import { addStaff } from "../setup/staff";

// Saturday 7 March 2026, 5 p.m. in Winter Park (EST): the fixture's week is Mar 1 – 7, compared with Feb 22 – 28.
const NOW = new Date("2026-03-07T22:00:00Z");
const WEEK = "/admin/google-ads?from=2026-03-01&to=2026-03-07";
const PSYCHIATRY = "Psychiatry - Winter Park";
const ADHD_ID = "21456789013";

/** A visit from a Google ad (or not), landing on a page, at noon EST of a day. */
function visit(n: number, day: string, ad: { campaign?: string; gclid?: boolean; organic?: boolean }): ScriptedVisit {
  return {
    ip: `203.0.113.${n}`,
    ua: AGENTS.chrome,
    at: `${day}T17:00:00Z`,
    ...(ad.organic
      ? { referrer: "https://www.google.com/" }
      : { utm: ad.campaign ? { source: "google", medium: "cpc", campaign: ad.campaign } : undefined }),
    ...(ad.gclid ? { gclid: `Cj0KCQiA-visit${n}` } : {}),
    steps: [{ after: 0, path: "/services" }],
  };
}
const VISITS: ScriptedVisit[] = [
  visit(1, "2026-03-02", { campaign: PSYCHIATRY, gclid: true }),
  visit(2, "2026-03-03", { campaign: "psychiatry - winter park", gclid: true }), // another way of writing it
  visit(3, "2026-03-04", { campaign: ADHD_ID, gclid: true }), // the campaign by its ID ({campaignid})
  visit(4, "2026-03-05", { gclid: true }), // a Google click without utm_campaign: the account's only
  visit(5, "2026-03-05", { campaign: "Spring promo" }), // a campaign no report names
  visit(6, "2026-03-06", { organic: true }), // an organic search: no ad at all
  visit(7, "2026-02-25", { campaign: PSYCHIATRY, gclid: true }), // the period before
];

interface KnownLead {
  day: string;
  campaign?: string;
  attribution?: LeadAttribution;
  status?: LeadStatus;
  form?: LeadFormType;
  scheduled?: string;
  patient?: string;
}
const LEADS: KnownLead[] = [
  {
    day: "2026-03-02",
    campaign: PSYCHIATRY,
    attribution: { gclid: "Cj0KCQiA-lead1" },
    status: "patient",
    scheduled: "2026-03-04",
    patient: "2026-03-10",
  },
  { day: "2026-03-03", campaign: "psychiatry - winter park", status: "scheduled", scheduled: "2026-03-05" },
  { day: "2026-03-04", campaign: ADHD_ID, attribution: { gclid: "Cj0KCQiA-lead3" }, status: "contacted" },
  { day: "2026-03-05", attribution: { gbraid: "GBRAIDlead4xyz" } }, // a Google click, no campaign: the account's
  { day: "2026-03-05", campaign: PSYCHIATRY, attribution: { gclid: "Cj0KCQiA-spam" }, status: "spam" }, // left out
  { day: "2026-03-06", campaign: "Summer newsletter" }, // not from an ad
  {
    day: "2026-03-07",
    campaign: "ADHD Evaluation - Orlando",
    attribution: { gclid: "Cj0KCQiA-lead8" },
    form: "phone_click",
  },
  {
    day: "2026-02-24",
    campaign: PSYCHIATRY,
    attribution: { gclid: "Cj0KCQiA-lead7" },
    status: "patient",
    scheduled: "2026-02-25",
    patient: "2026-02-26",
  },
];

/**
 * The performance report on known data: the campaign report of Mar 1 – 7
 * imported, visits recorded through the real ingester, leads with their
 * outcomes. Every figure is checked against the file (to the cent) and the
 * hand count above, with the analytics read raw and from its rollups.
 */
describeOnEachDatabase("Google Ads performance report", (database, kind) => {
  let userId: string;
  const db = () => database().db;

  beforeAll(async () => {
    const [user] = await addStaff(database(), [
      { name: "Mara Ads", email: "mara@clinic.example", roles: ["marketing"] },
    ]);
    userId = user!.id;
    await importReport(db(), userId, "Campaign report.csv", googleAdsFixture("campaigns-daily.csv"));
    await importReport(db(), userId, "Search terms report.csv", googleAdsFixture("search-terms.csv"));
    await recordVisits(database(), VISITS);
    await db()
      .insert(leads)
      .values(
        LEADS.map((known, n) => ({
          createdAt: new Date(`${known.day}T16:00:00Z`),
          formType: known.form ?? "appointment",
          firstName: "Quentin",
          lastName: `Leakcheck${n}`,
          email: `quentin.leakcheck${n}@example.com`,
          phone: "(407) 555-0177",
          source: "/request-appointment",
          status: known.status ?? "new",
          channel: known.attribution ? "Paid Search" : "Direct",
          campaign: known.campaign ?? null,
          attribution: known.attribution ?? {},
          scheduledAt: known.scheduled ? new Date(`${known.scheduled}T15:00:00Z`) : null,
          becamePatientAt: known.patient ? new Date(`${known.patient}T15:00:00Z`) : null,
        })),
      );
  });

  const page = async (address: string) => {
    const { status, view } = await performancePageData(db(), new URL(address, "http://clinic.example"), NOW);
    expect(status).toBe(200);
    return view;
  };
  const byName = (view: Awaited<ReturnType<typeof page>>) => new Map(view.rows.map((row) => [row.name, row.figures]));

  it("totals agree with the imported file to the cent, and each campaign with its own rows", async () => {
    const view = await page(WEEK);
    expect(view.currency).toBe("USD");
    expect(view.coverage).toBe("Mar 1 – 7, 2026");
    expect(view.missingDays).toBeNull();
    // The file's "Total: Campaigns" line: 17,787 impressions, 530 clicks, $1,932.98, 58.88 conversions.
    expect(view.current).toMatchObject({
      impressions: 17_787,
      clicks: 530,
      costMicros: 1_932_980_000,
      conversions: 5_888,
    });
    expect(formatMoney(view.current.costMicros, "USD")).toBe("$1,932.98");
    const rows = byName(view);
    expect(rows.get(PSYCHIATRY)).toMatchObject({ impressions: 7_497, clicks: 280, costMicros: 945_070_000 });
    expect(rows.get("ADHD Evaluation - Orlando")).toMatchObject({
      impressions: 9_121,
      clicks: 178,
      costMicros: 912_310_000,
    });
    expect(rows.get("Brand - Clinic Name")).toMatchObject({ impressions: 1_169, clicks: 72, costMicros: 75_600_000 });
    // Day by day, the chart's first day is Mar 1: 112.42 + 9.45 + 104.47.
    expect(view.series.map((p) => p.label)[0]).toBe("Sun, Mar 1");
    expect(view.series[0]!.current.costMicros).toBe(226_340_000);
    expect(view.series.reduce((sum, p) => sum + p.current.costMicros, 0)).toBe(1_932_980_000);
  });

  it("joins our visits and leads: by utm_campaign (name in any capitals, or the campaign ID), Google clicks without one for the account only", async () => {
    const view = await page(WEEK);
    const rows = byName(view);
    expect(rows.get(PSYCHIATRY)).toMatchObject({ visits: 2, leads: 2, scheduled: 2, patients: 1 });
    expect(rows.get("ADHD Evaluation - Orlando")).toMatchObject({ visits: 1, leads: 2, scheduled: 0, patients: 0 });
    expect(rows.get("Brand - Clinic Name")).toMatchObject({ visits: 0, leads: 0 });
    // The gclid-only visit, the visit of a campaign no report names, the gbraid lead: counted for the account.
    expect(rows.get("Not tied to a campaign")).toMatchObject({
      costMicros: 0,
      visits: 2,
      leads: 1,
      scheduled: 0,
      patients: 0,
    });
    expect(view.rows.at(-1)!.href).toBeNull();
    // Spam, a lead from the newsletter and an organic visit count nowhere.
    expect(view.current).toMatchObject({ visits: 5, leads: 5, scheduled: 2, patients: 1 });
    // The period before: one visit and one lead of Psychiatry, which became a patient; no cost imported.
    expect(view.previous).toMatchObject({ visits: 1, leads: 1, scheduled: 1, patients: 1, costMicros: 0 });
    // Leads on the day they arrived: Mar 2 (1), Mar 3 (1), Mar 4 (1), Mar 5 (1), Mar 7 (1).
    expect(view.series.map((p) => p.current.leads)).toEqual([0, 1, 1, 1, 1, 0, 1]);
    expect(view.series.map((p) => p.previous?.leads)).toEqual([0, 0, 1, 0, 0, 0, 0]);
  });

  it("reads the same visits from the analytics' daily rollups as from its raw rows", async () => {
    const before = await page(WEEK);
    const days = Array.from({ length: 14 }, (_, i) => new Date(Date.UTC(2026, 1, 22 + i)).toISOString().slice(0, 10));
    expect(await rollUpDays(db(), days, { paths: { topics: [], requests: [] }, kind, zone: "America/New_York" })).toBe(
      true,
    );
    const after = await page(WEEK);
    expect(after.rows).toEqual(before.rows);
    expect(after.current).toEqual(before.current);
    expect(after.series).toEqual(before.series);
  });

  it("narrows to one campaign, sorts the table by each figure, and says what a cost per result cannot be", async () => {
    const psychiatry = (await page(WEEK)).campaignOptions.find((o) => o.label === PSYCHIATRY)!.value;
    const one = await page(`${WEEK}&campaign=${psychiatry}`);
    expect(one.campaign).toEqual({ id: Number(psychiatry), name: PSYCHIATRY });
    expect(one.current).toMatchObject({ costMicros: 945_070_000, visits: 2, leads: 2, scheduled: 2, patients: 1 });
    expect(one.filters).toEqual([
      { label: `Campaign: ${PSYCHIATRY}`, removeHref: "/admin/google-ads?from=2026-03-01&to=2026-03-07" },
    ]);

    const byCostPerLead = await page(`${WEEK}&sort=costPerLead`);
    // Cheapest first: ADHD $456.16 a lead, Psychiatry $472.54; Brand has no lead (no cost per lead: last); the untied row last.
    expect(byCostPerLead.dir).toBe("asc");
    expect(byCostPerLead.rows.map((r) => r.name)).toEqual([
      "ADHD Evaluation - Orlando",
      PSYCHIATRY,
      "Brand - Clinic Name",
      "Not tied to a campaign",
    ]);
    expect(byCostPerLead.sortHrefs.costPerLead).toBe(
      "/admin/google-ads?from=2026-03-01&to=2026-03-07&sort=costPerLead&dir=desc",
    );
    const byName = await page(`${WEEK}&sort=campaign&dir=desc`);
    expect(byName.rows.map((r) => r.name).slice(0, 3)).toEqual([
      PSYCHIATRY,
      "Brand - Clinic Name",
      "ADHD Evaluation - Orlando",
    ]);
    const bad = await page(`${WEEK}&campaign=999999&sort=nonsense`);
    expect(bad.campaign).toBeNull();
    expect(bad.notice).toBe(
      "The campaign in the address is not stored here, so this shows every campaign. Some of the address could not be used (sort).",
    );
  });

  it("says which days have no figures yet, and refuses a range it cannot show (400)", async () => {
    const month = await page("/admin/google-ads?range=month");
    expect(month.coverage).toBe("Mar 1 – 7, 2026");
    expect(month.missingDays).toBeNull();
    const thirty = await performancePageData(
      db(),
      new URL("http://clinic.example/admin/google-ads?from=2026-03-01&to=2026-03-20"),
      new Date("2026-03-21T12:00:00Z"),
    );
    expect(thirty.view.missingDays).toBe("Mar 8 – 20, 2026");
    const future = await performancePageData(
      db(),
      new URL("http://clinic.example/admin/google-ads?from=2026-03-01&to=2026-04-01"),
      NOW,
    );
    expect(future.status).toBe(400);
    expect(future.view.refused?.problem).toBe(
      "The last day (Apr 1, 2026) is in the future: choose today (Mar 7, 2026) or earlier.",
    );
  });

  it("paces this month's budget: spent against an even pace through the last day imported, and the month at this rate", async () => {
    const actor = { id: userId, email: "mara@clinic.example", ip: "127.0.0.1" };
    expect(
      await setBudget(db(), actor, {
        campaignId: null,
        month: "2026-03-01",
        amountMicros: 3_000_000_000,
        currency: "USD",
      }),
    ).toEqual({ ok: true, changed: true });
    const view = await page("/admin/google-ads?range=month");
    expect(view.pacing).toMatchObject({
      scope: "the whole account",
      month: "March 2026",
      since: null,
      through: "Mar 7",
      pacing: {
        daysCounted: 7,
        daysInMonth: 31,
        budgetMicros: 3_000_000_000,
        spentMicros: 1_932_980_000,
        evenPaceMicros: 677_419_355, // $3,000 × 7 / 31
        projectedMicros: 8_560_340_000, // $1,932.98 / 7 × 31
        state: "ahead",
      },
    });
    // A campaign's budget set in February holds in March.
    const psychiatry = view.campaignOptions.find((o) => o.label === PSYCHIATRY)!.value;
    await setBudget(db(), actor, {
      campaignId: Number(psychiatry),
      month: "2026-02-01",
      amountMicros: 4_500_000_000,
      currency: "USD",
    });
    const one = await page(`/admin/google-ads?range=month&campaign=${psychiatry}`);
    expect(one.pacing).toMatchObject({
      scope: PSYCHIATRY,
      since: "from Feb 2026",
      pacing: { spentMicros: 945_070_000, state: "on-pace" },
    });
  });

  it("lists the search terms of the range's imported periods with their clicks and cost", async () => {
    const { status, view } = await searchTermsPageData(
      db(),
      new URL(`http://clinic.example/admin/google-ads/search-terms?from=2026-03-01&to=2026-03-07`),
      NOW,
    );
    expect(status).toBe(200);
    expect(view.total).toBe(7);
    expect(view.totals).toEqual({ impressions: 4_338, clicks: 240, costMicros: 867_190_000 });
    expect(view.rows.map((r) => [r.term, r.costMicros])[0]).toEqual(["adhd evaluation orlando", 230_520_000]);
    expect(view.covered).toBe("Mar 1 – Mar 7, 2026");
    const partly = await searchTermsPageData(
      db(),
      new URL(`http://clinic.example/admin/google-ads/search-terms?from=2026-03-03&to=2026-03-07`),
      NOW,
    );
    expect(partly.view.total).toBe(0);
    expect(partly.view.leftOut).toBe(
      "One imported period (Mar 1 – Mar 7, 2026) lies only partly in this range, so its search terms are left out: a search term's figures cannot be split by day.",
    );
  });
});
