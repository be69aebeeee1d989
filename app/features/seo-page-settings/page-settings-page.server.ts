import type { ServerServices } from "~/context";
import type { Db } from "~/db/client.server";
import type { AuditActor } from "~/features/auth/audit.server";
import { listSitemapEntries } from "~/features/seo/sitemap.server";
import { formatClinicDateTime } from "~/lib/clinic-time";
import { formAnswer } from "~/lib/form-answer";
import { schemaProblems } from "~/lib/form-answer.server";
import { normalisePath } from "~/lib/site-path";
import { pagePathOf } from "./page-paths.server";
import { readPageAsItIs } from "./page-readout.server";
import {
  listPageSettings,
  readSettingsRow,
  resetPageSettings,
  savePageSettings,
  valuesOf,
} from "./page-settings-store.server";
import type { PageSettingsAnswer, PageSettingsView, PickerView, SettingsListItem } from "./page-settings-types";
import { settingsFormSchema } from "./settings-schema.server";
import { FIELD_WORDS, formFieldsOf, type SettingsField, type SettingsValues } from "./settings-rules";

type Services = Pick<ServerServices, "self" | "secret" | "pageCache">;

const when = (at: Date) => ({ iso: at.toISOString(), text: formatClinicDateTime(at) });

/** What a page overrides, in words. */
function overridesOf(values: SettingsValues): string {
  return (Object.keys(FIELD_WORDS) as SettingsField[])
    .filter((field) => values[field] !== null && values[field] !== false)
    .map((field) => FIELD_WORDS[field])
    .join(", ");
}

async function pickerView(db: Db, asked: string, problem: string | null, goTo: string | null): Promise<PickerView> {
  const [rows, sitemap] = await Promise.all([listPageSettings(db), listSitemapEntries(db)]);
  const withSettings: SettingsListItem[] = rows.map((row) => ({
    path: row.path,
    overrides: overridesOf(row.values),
    changed: when(row.updatedAt),
    by: row.updatedBy,
  }));
  return { kind: "picker", problem, asked, goTo, withSettings, sitemap: sitemap.map((entry) => entry.path) };
}

/**
 * /admin/seo/page: without `?path=` the picker; with one, the page's
 * editor: its settings, what it says without them (read from the site
 * itself) and its content facts. A path that can have no settings, or
 * names no page, gets the picker with the reason (400 or 404).
 */
export async function pageSettingsView(
  db: Db,
  services: Services,
  publicUrl: string,
  url: URL,
  signal?: AbortSignal,
): Promise<{ status: number; view: PageSettingsView }> {
  const asked = (url.searchParams.get("path") ?? "").trim();
  if (!asked) return { status: 200, view: await pickerView(db, "", null, null) };
  const named = pagePathOf(asked);
  if ("problem" in named) return { status: 400, view: await pickerView(db, asked, named.problem, null) };
  const { path } = named;
  const [readout, found] = await Promise.all([
    readPageAsItIs(services, publicUrl, path, signal),
    readSettingsRow(db, path),
  ]);
  if (!readout.ok)
    return { status: readout.status, view: await pickerView(db, asked, readout.message, readout.goTo ?? null) };
  return {
    status: 200,
    view: {
      kind: "editor",
      path,
      pageUrl: new URL(path, `${publicUrl}/`).href,
      host: new URL(publicUrl).host,
      siteName: readout.siteName ?? new URL(publicUrl).host,
      saved: valuesOf(found?.row),
      hasSettings: found !== undefined,
      changed: found ? { ...when(found.row.updatedAt), by: found.by } : null,
      defaults: readout.defaults,
      content: readout.content,
      readability: readout.readability,
    },
  };
}

/** An absolute canonical on the site's own address is kept as its path (the sitemap compares paths). */
function ownCanonical(values: SettingsValues, publicUrl: string): SettingsValues {
  if (!values.canonical || values.canonical.startsWith("/")) return values;
  const url = new URL(values.canonical);
  if (url.origin !== new URL(publicUrl).origin || url.search || url.hash) return values;
  return { ...values, canonical: normalisePath(url.pathname) ?? values.canonical };
}

/**
 * One posted form of the editor: "save" (the page's settings; an emptied
 * field goes back to the page's own) or "reset" (all of them). 400 with
 * field messages, 404 for a page that is not there, 200 once committed; the
 * change holds on this instance before the answer (its page cache is told
 * the new content version), on the others within their 2 s poll.
 */
export async function runPageSettingsAction(
  db: Db,
  services: Services,
  publicUrl: string,
  actor: AuditActor,
  values: Record<string, string> | null,
): Promise<{ status: number; answer: PageSettingsAnswer }> {
  const intent = values?.intent ?? "";
  const typed = formFieldsOf(values);
  const answer = (
    status: number,
    init: Omit<PageSettingsAnswer, "answerId" | "intent" | "fields"> & Partial<Pick<PageSettingsAnswer, "fields">>,
  ) => ({
    status,
    answer: formAnswer<SettingsField, { intent: string }>({ intent, ...init }),
  });
  if (intent !== "save" && intent !== "reset")
    return answer(400, { ok: false, message: "This form submission could not be understood." });
  const named = pagePathOf(values?.path ?? "");
  if ("problem" in named) return answer(400, { ok: false, message: named.problem, values: typed });
  const { path } = named;

  if (intent === "reset") {
    const reset = await resetPageSettings(db, path, actor);
    if (!reset) return answer(404, { ok: false, message: `${path} has no settings of its own to undo.` });
    services.pageCache.contentChanged(reset.version);
    return answer(200, { ok: true, message: `${path} uses its own title, description and other settings again.` });
  }

  const parsed = settingsFormSchema.safeParse(typed);
  if (!parsed.success) {
    const { fields } = schemaProblems<SettingsField>(parsed.error);
    return answer(400, { ok: false, message: "Please correct the highlighted fields.", fields, values: typed });
  }
  // Only a page the site serves may have settings: asked of the site itself.
  const readout = await readPageAsItIs(services, publicUrl, path);
  if (!readout.ok)
    return answer(readout.status === 404 ? 404 : 503, { ok: false, message: readout.message, values: typed });

  const change = await savePageSettings(db, path, ownCanonical(parsed.data, publicUrl), actor);
  if (!change.changed)
    return answer(200, {
      ok: true,
      tone: "info",
      message: "Nothing changed: these are the settings the page already has.",
    });
  services.pageCache.contentChanged(change.version);
  return answer(200, {
    ok: true,
    message: change.removed
      ? `Every field is empty, so ${path} uses its own settings again.`
      : `Saved. Visitors and search engines get ${path}'s new settings from now on.`,
  });
}
