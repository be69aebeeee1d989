import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import type { AuditActor } from "~/features/auth/audit.server";
import { ADS_PATH } from "~/lib/ads-paths";
import { formatClinicDateTime } from "~/lib/clinic-time";
import { formAnswer } from "~/lib/form-answer";
import { readPostedForm, UNREADABLE_FORM } from "~/lib/form-values";
import { periodText, type Period } from "~/lib/periods";
import { hrefWith } from "~/lib/url-filters";
import { ADS_UPLOAD_MAX_BYTES, megabytes } from "~/lib/upload-limits";
import { problemSentences } from "~/lib/upload-problems";
import type { ImportAnswer, ImportField, ImportListRow, ImportPreview, StoredSummary } from "./ads-types";
import { holdImport, previewFacts, recentImports, saveImport, storedFacts } from "./imports.server";
import { formatMoney } from "./money";
import { planImport, planSummary, type ImportPlan } from "./plan-import.server";
import { readAdsReport } from "./read-report.server";
import { reportWords } from "./report-format";

/** How many rows of the file the preview shows. */
export const PREVIEW_ROWS = 10;

const pidSchema = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const count = (n: number) => n.toLocaleString("en-US");

/** The performance report for a period's days (a custom range in the address). */
export const reportHref = (period: Period) => hrefWith(ADS_PATH, { from: period.start, to: period.end });

/** The import page: what is stored, and the latest files imported. */
export async function importPageData(db: Db) {
  const [stored] = (
    (await db.execute(sql`select (select count(*) from ad_campaigns) as campaigns,
      (select to_char(min(day), 'YYYY-MM-DD') from ad_campaign_days) as first,
      (select to_char(max(day), 'YYYY-MM-DD') from ad_campaign_days) as last`)) as unknown as {
      rows: { campaigns: unknown; first: string | null; last: string | null }[];
    }
  ).rows;
  const { currency } = await storedFacts(db);
  const summary: StoredSummary = {
    campaigns: Number(stored?.campaigns ?? 0),
    first: stored?.first ?? null,
    last: stored?.last ?? null,
    currency,
  };
  const imports: ImportListRow[] = (await recentImports(db)).map((row) => {
    const period = { start: row.periodStart, end: row.periodEnd };
    return {
      id: row.id,
      report: reportWords[row.kind].name,
      file: row.fileName,
      period: periodText(period),
      rows: row.rowCount,
      campaigns: row.campaignCount,
      cost: formatMoney(row.costMicros, row.currency),
      imported: { iso: row.createdAt.toISOString(), text: formatClinicDateTime(row.createdAt) },
      reportHref: reportHref(period),
    };
  });
  return { summary, imports, maxBytes: ADS_UPLOAD_MAX_BYTES, maxText: megabytes(ADS_UPLOAD_MAX_BYTES) };
}

type Outcome = { status: number; answer: ImportAnswer };
type Extras = { intent: string } & Partial<Pick<ImportAnswer, "problems" | "preview" | "reportHref">>;

/**
 * One post of the import page (multipart, with or without JavaScript):
 * "preview" reads the file and holds what it would store, writing nothing
 * else; "save" commits a held preview in one transaction. 400 with the
 * file's problems (each naming line and column) or field messages, 415 for
 * a file that is no text, 413 past the upload bound (the server refuses a
 * larger body before it gets here), 404 for a preview that is gone, 409 when
 * what is stored changed under it.
 */
export async function runImportAction(
  db: Db,
  actor: AuditActor & { id: string },
  request: Request,
  now = new Date(),
): Promise<Outcome> {
  const posted = await readPostedForm(request);
  if (!posted) {
    return { status: 400, answer: formAnswer({ ok: false, intent: "", message: UNREADABLE_FORM }) };
  }
  const { form, text } = posted;
  const intent = text("intent");
  const answer = (
    status: number,
    init: { ok: boolean } & Partial<Omit<ImportAnswer, "answerId" | "ok" | "intent">>,
  ) => ({
    status,
    answer: formAnswer<ImportField, Extras>({ intent, ...init }),
  });

  if (intent === "preview") {
    const values = { currency: text("currency").slice(0, 20) };
    const files = form.getAll("file").filter((value): value is File => typeof value !== "string" && value.size > 0);
    if (files.length !== 1) {
      const empty = form.getAll("file").some((value) => typeof value !== "string" && value.size === 0 && value.name);
      return answer(400, {
        ok: false,
        message: empty ? "That file is empty, and nothing was stored." : "Please choose the report to import.",
        fields: {
          file: empty
            ? 'The file has nothing in it. In Google Ads choose Download, then ".csv" or "Excel .csv", and upload that file.'
            : files.length > 1
              ? "Choose one report at a time."
              : 'Choose the file Google Ads downloaded (".csv" or "Excel .csv").',
        },
        values,
      });
    }
    const file = files[0]!;
    if (file.size > ADS_UPLOAD_MAX_BYTES) {
      return answer(413, {
        ok: false,
        message: `This file is too large to upload here (the limit is ${megabytes(ADS_UPLOAD_MAX_BYTES)}).`,
        fields: { file: "Download a shorter period at a time." },
        values,
      });
    }
    const reading = readAdsReport({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) }, { now });
    if (!reading.ok) {
      return answer(reading.status, {
        ok: false,
        message: "This file could not be imported, and nothing was stored. Here is what needs fixing:",
        problems: problemSentences(reading.problems),
        values,
      });
    }
    const planned = planImport(reading.report, values, await storedFacts(db));
    if (!planned.ok) {
      return answer(400, {
        ok: false,
        message:
          planned.problems.length > 0
            ? "This file could not be imported, and nothing was stored. Here is what needs fixing:"
            : "Please correct the highlighted field. Nothing was stored.",
        problems: problemSentences(planned.problems),
        fields: planned.fields,
        values,
      });
    }
    const held = await holdImport(db, actor.id, planned.plan, now);
    const preview = await previewOf(db, planned.plan, held);
    return answer(200, {
      ok: true,
      tone: "info",
      message: `Read ${preview.summary}. Nothing is saved yet: check the preview below, then save it.`,
      preview,
      values,
    });
  }

  if (intent === "save") {
    const previewId = text("previewId");
    if (!pidSchema.test(previewId)) {
      return answer(400, { ok: false, message: "This preview could not be found. Upload the file again." });
    }
    const saved = await saveImport(db, previewId, actor);
    if (!saved.ok) return answer(saved.status, { ok: false, message: saved.message });
    const row = saved.import;
    const period = { start: row.periodStart, end: row.periodEnd };
    const what = `${count(row.rowCount)} ${row.rowCount === 1 ? reportWords[row.kind].one : reportWords[row.kind].rows} of ${count(row.campaignCount)} ${row.campaignCount === 1 ? "campaign" : "campaigns"}, ${periodText(period)}, ${formatMoney(row.costMicros, row.currency)}`;
    const replaced =
      saved.replaced && saved.replaced.rows > 0
        ? ` It replaced ${count(saved.replaced.rows)} stored before for the same days.`
        : "";
    return answer(200, {
      ok: true,
      message: saved.alreadySaved ? `This file was already saved: ${what}.` : `Saved: ${what}.${replaced}`,
      reportHref: reportHref(period),
    });
  }
  return answer(400, { ok: false, message: "This form submission could not be understood." });
}

async function previewOf(db: Db, plan: ImportPlan, held: { id: string; expiresAt: Date }): Promise<ImportPreview> {
  const { newCampaigns, replaced } = await previewFacts(db, plan);
  const money = (micros: number) => formatMoney(micros, plan.currency);
  const conversions = plan.totals.conversions;
  const same =
    replaced.rows === plan.rows.length &&
    replaced.costMicros === plan.totals.costMicros &&
    replaced.clicks === plan.totals.clicks &&
    replaced.impressions === plan.totals.impressions;
  return {
    previewId: held.id,
    report: reportWords[plan.kind].name,
    file: plan.file,
    period: periodText(plan.period),
    periodSource: plan.periodSource,
    currency: plan.currency,
    currencySource: plan.currencySource,
    summary: planSummary(plan),
    rows: plan.rows.length,
    campaigns: plan.campaigns.length,
    newCampaigns,
    totals: {
      impressions: plan.totals.impressions,
      clicks: plan.totals.clicks,
      cost: money(plan.totals.costMicros),
      conversions:
        conversions === null ? null : (conversions / 100).toLocaleString("en-US", { minimumFractionDigits: 2 }),
    },
    replaces:
      replaced.rows > 0
        ? {
            rows: replaced.rows,
            cost: money(replaced.costMicros),
            period: replaced.from && replaced.to ? periodText({ start: replaced.from, end: replaced.to }) : null,
          }
        : null,
    sameAsStored: same,
    notes: plan.notes,
    first: plan.rows.slice(0, PREVIEW_ROWS).map((row, i) => ({
      key: i,
      day: row[1],
      campaign: plan.campaigns[row[0]]!.name,
      searchTerm: plan.kind === "search_terms" ? row[7] : null,
      matchType: plan.kind === "search_terms" ? row[8] : null,
      impressions: row[2],
      clicks: row[3],
      cost: money(row[4]),
    })),
    expires: formatClinicDateTime(held.expiresAt),
  };
}
