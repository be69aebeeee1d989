import { z } from "zod";
import type { Db } from "~/db/client.server";
import type { AuditActor } from "~/features/auth/audit.server";
import { formatClinicDateTime } from "~/lib/clinic-time";
import { formAnswer } from "~/lib/form-answer";
import { readPostedForm, UNREADABLE_FORM } from "~/lib/form-values";
import { megabytes, SEARCH_CONSOLE_UPLOAD_MAX_BYTES } from "~/lib/upload-limits";
import { problemSentences } from "~/lib/upload-problems";
import { searchTypeWords } from "./export-format";
import { counted } from "./figures";
import { deleteImport, findImport, holdPending, listImports, saveImport } from "./imports.server";
import { pageLabel, pathOnSite } from "./page-address";
import { periodText } from "~/lib/periods";
import { planImport, type ImportPlan } from "./plan-import.server";
import { readExport, type UploadedFile } from "./read-export.server";
import { reportHref } from "./report-page.server";
import type {
  ImportAnswer,
  ImportChoices,
  ImportField,
  ImportListRow,
  ImportPreview,
  PageRef,
} from "./search-console-types";

/** How many rows of each kind the preview shows. */
export const PREVIEW_ROWS = 10;
const pageRef = (url: string, publicUrl: string): PageRef => ({
  url,
  path: pathOnSite(url, publicUrl),
  label: pageLabel(url, publicUrl),
});

/** The imports page: every stored import, the latest period first. */
export async function importsPageData(db: Db, publicUrl: string) {
  const rows = await listImports(db);
  const imports: ImportListRow[] = rows.map((row) => ({
    id: row.id,
    period: periodText({ start: row.periodStart, end: row.periodEnd }),
    searchType: searchTypeWords[row.searchType],
    scope: row.scope ? pageRef(row.scope, publicUrl) : null,
    queries: row.queryCount,
    pages: row.pageCount,
    updated: { iso: row.updatedAt.toISOString(), text: formatClinicDateTime(row.updatedAt) },
    reportHref: reportHref({ start: row.periodStart, end: row.periodEnd, searchType: row.searchType }),
  }));
  return { imports, maxBytes: SEARCH_CONSOLE_UPLOAD_MAX_BYTES, maxText: megabytes(SEARCH_CONSOLE_UPLOAD_MAX_BYTES) };
}

const CHOICE_NAMES: readonly (keyof ImportChoices)[] = ["from", "to", "searchType", "page"];
const idSchema = z.coerce.number().int().positive().max(2_147_483_647);
const pendingSchema = z.uuid();

type Outcome = { status: number; answer: ImportAnswer };
type Extras = { intent: string } & Partial<Pick<ImportAnswer, "problems" | "preview" | "reportHref">>;

/**
 * One post of the imports page (multipart without JavaScript and with it):
 * "preview" reads the files and holds what they would store, writing no
 * import; "save" commits a held preview; "delete" removes an import. 400
 * with the files' problems (each naming file, line and column) or field
 * messages, 404 for what is gone, 413 past the upload bound, 200 otherwise.
 */
export async function runImportAction(
  db: Db,
  publicUrl: string,
  actor: AuditActor & { id: string },
  request: Request,
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
  ): Outcome => ({
    status,
    answer: formAnswer<ImportField, Extras>({ intent, ...init }),
  });

  if (intent === "preview") {
    const choices = Object.fromEntries(
      CHOICE_NAMES.map((name) => [name, text(name).slice(0, 2000)]),
    ) as unknown as ImportChoices;
    const files = form.getAll("files").filter((value): value is File => typeof value !== "string" && value.size > 0);
    if (files.length === 0) {
      return answer(400, {
        ok: false,
        message: "Please choose the files to import.",
        fields: { files: "Choose the zip Search Console downloaded, or its Queries.csv and Pages.csv." },
        values: choices,
      });
    }
    const total = files.reduce((sum, file) => sum + file.size, 0);
    if (total > SEARCH_CONSOLE_UPLOAD_MAX_BYTES) {
      return answer(413, {
        ok: false,
        message: `These files are too large to upload here (the limit is ${megabytes(SEARCH_CONSOLE_UPLOAD_MAX_BYTES)}).`,
        fields: { files: "Upload one Search Console export at a time." },
        values: choices,
      });
    }
    const uploaded: UploadedFile[] = await Promise.all(
      files.map(async (file) => ({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) })),
    );
    const read = readExport(uploaded);
    if (!read.export) {
      return answer(400, {
        ok: false,
        message: "These files could not be imported, and nothing was stored. Here is what needs fixing:",
        problems: problemSentences(read.problems),
        fields: {},
        values: choices,
      });
    }
    const planned = planImport(read.export, choices, publicUrl);
    if (!planned.ok) {
      return answer(400, {
        ok: false,
        message:
          planned.problems.length > 0
            ? "These files could not be imported, and nothing was stored. Here is what needs fixing:"
            : "Please correct the highlighted fields. Nothing was stored.",
        problems: problemSentences(planned.problems),
        fields: planned.fields,
        values: choices,
      });
    }
    const held = await holdPending(db, actor.id, planned.plan);
    const preview = await previewOf(db, planned.plan, held, publicUrl);
    const counts = [
      preview.queries
        ? `${preview.queries.count.toLocaleString("en-US")} ${preview.queries.count === 1 ? "query" : "queries"}`
        : null,
      preview.pages
        ? `${preview.pages.count.toLocaleString("en-US")} ${preview.pages.count === 1 ? "page" : "pages"}`
        : null,
    ].filter(Boolean);
    return answer(200, {
      ok: true,
      tone: "info",
      message: `Read ${counts.join(" and ")}. Nothing is saved yet: check the preview below, then save it.`,
      preview,
      values: choices,
    });
  }

  if (intent === "save") {
    const pendingId = pendingSchema.safeParse(text("pendingId"));
    if (!pendingId.success)
      return answer(400, { ok: false, message: "This preview could not be found. Upload the files again." });
    const saved = await saveImport(db, pendingId.data, actor);
    if (!saved.ok) return answer(saved.status, { ok: false, message: saved.message });
    const row = saved.import;
    const period = periodText({ start: row.periodStart, end: row.periodEnd });
    const scope = row.scope ? pageLabel(row.scope, publicUrl) : "the whole site";
    const stored = [
      row.queryCount !== null ? counted(row.queryCount, "query", "queries") : null,
      row.pageCount !== null ? counted(row.pageCount, "page", "pages") : null,
    ]
      .filter(Boolean)
      .join(" and ");
    return answer(200, {
      ok: true,
      message: saved.alreadySaved
        ? `This import was already saved: ${period}, ${scope} (${stored}).`
        : `Saved: ${period}, ${scope}, ${searchTypeWords[row.searchType]} results (${stored} stored for it now).`,
      reportHref: reportHref({ start: row.periodStart, end: row.periodEnd, searchType: row.searchType }),
    });
  }

  if (intent === "delete") {
    const id = idSchema.safeParse(text("id"));
    if (!id.success) return answer(400, { ok: false, message: "This import could not be found." });
    const gone = await deleteImport(db, id.data, actor);
    if (!gone) return answer(404, { ok: false, message: "This import was already deleted." });
    const scope = gone.scope ? pageLabel(gone.scope, publicUrl) : "the whole site";
    return answer(200, {
      ok: true,
      message: `Deleted the data of ${periodText({ start: gone.periodStart, end: gone.periodEnd })} for ${scope}.`,
    });
  }
  return answer(400, { ok: false, message: "This form submission could not be understood." });
}

async function previewOf(
  db: Db,
  plan: ImportPlan,
  held: { id: string; expiresAt: Date },
  publicUrl: string,
): Promise<ImportPreview> {
  const existing = await findImport(db, { period: plan.period, searchType: plan.searchType, scope: plan.scope });
  const first = (rows: ImportPlan["queries"]) =>
    (rows ?? [])
      .slice()
      .sort((a, b) => b.clicks - a.clicks || b.impressions - a.impressions)
      .slice(0, PREVIEW_ROWS)
      .map((row) => ({
        query: row.key,
        clicks: row.clicks,
        impressions: row.impressions,
        ctr: row.ctr,
        position: row.position,
      }));
  return {
    pendingId: held.id,
    period: periodText(plan.period),
    periodSource: plan.sources.period,
    searchType: searchTypeWords[plan.searchType],
    searchTypeSource: plan.sources.searchType,
    scope: plan.scope ? pageRef(plan.scope, publicUrl) : null,
    scopeSource: plan.sources.scope,
    queries: plan.queries ? { count: plan.queries.length, first: first(plan.queries) } : null,
    pages: plan.pages
      ? {
          count: plan.pages.length,
          first: first(plan.pages).map((row) => ({ ...row, label: pageLabel(row.query, publicUrl) })),
        }
      : null,
    notes: plan.notes,
    replaces: existing ? { queries: existing.queryCount, pages: existing.pageCount } : null,
    files: plan.files,
    expires: formatClinicDateTime(held.expiresAt),
  };
}
