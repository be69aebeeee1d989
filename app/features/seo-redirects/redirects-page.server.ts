import { z } from "zod";
import type { Db } from "~/db/client.server";
import type { AuditActor } from "~/features/auth/audit.server";
import { formatClinicDateTime } from "~/lib/clinic-time";
import { formAnswer } from "~/lib/form-answer";
import { fieldErrors } from "~/lib/field-errors";
import { ignoreNotFound, readNotFoundPage, unignoreNotFound } from "./not-found-monitor.server";
import { notFoundHref, readNotFoundView } from "./not-found-view";
import { SEO_NOT_FOUND_PATH } from "~/lib/seo-paths";
import type { RedirectRuntime } from "./redirect-runtime.server";
import { redirectFormSchema, type RedirectFormField } from "./redirect-rules";
import { deleteRedirect, listRedirects, saveRedirect } from "./redirects.server";
import type { NotFoundRow, RedirectDraft, RedirectRow, RedirectsAnswer } from "./redirects-page-types";

const when = (at: Date) => ({ iso: at.toISOString(), text: formatClinicDateTime(at) });

/** The redirects page: every redirect, and the form's starting values (?edit=<id> or ?from=<path>). */
export async function redirectsPageData(db: Db, url: URL) {
  const rows = await listRedirects(db);
  const redirects: RedirectRow[] = rows.map((row) => ({
    id: row.id,
    fromPath: row.fromPath,
    toTarget: row.toTarget,
    status: row.status,
    hits: row.hits,
    lastHit: row.lastHitAt ? when(row.lastHitAt) : null,
  }));
  const editing = rows.find((row) => String(row.id) === url.searchParams.get("edit"));
  const draft: RedirectDraft = editing
    ? {
        id: editing.id,
        fromPath: editing.fromPath,
        toTarget: editing.toTarget,
        status: editing.status === 302 ? "302" : "301",
      }
    : { id: null, fromPath: (url.searchParams.get("from") ?? "").slice(0, 600), toTarget: "", status: "301" };
  return { redirects, draft };
}

const idSchema = z.coerce.number({ error: "This redirect could not be found." }).int().positive();

const formFields: readonly RedirectFormField[] = ["fromPath", "toTarget", "status"];

/**
 * Runs one posted form of the redirects page: "save" (create, or change
 * with an id) or "delete". 400 with field errors, 404 for a redirect that is
 * gone, 200 once committed; the in-memory table is reloaded before the
 * answer, so the change already holds on this instance.
 */
export async function runRedirectsAction(
  db: Db,
  runtime: RedirectRuntime,
  publicUrl: string,
  actor: AuditActor,
  values: Record<string, string> | null,
): Promise<{ status: number; answer: RedirectsAnswer }> {
  const intent = values?.intent ?? "";
  const answer = (
    status: number,
    init: Omit<RedirectsAnswer, "answerId" | "fields" | "intent"> & { fields?: RedirectsAnswer["fields"] },
  ) => ({
    status,
    answer: formAnswer<RedirectFormField, { intent: string; id?: number }>({ intent, ...init }),
  });
  const id = values?.id ? idSchema.safeParse(values.id) : null;
  if (id && !id.success) return answer(400, { ok: false, message: "This redirect could not be found." });

  if (intent === "delete") {
    if (!id) return answer(400, { ok: false, message: "Choose a redirect to delete." });
    const gone = await deleteRedirect(db, id.data, actor);
    if (!gone) return answer(404, { ok: false, message: "This redirect was already deleted." });
    await reloadSoon(runtime);
    return answer(200, { ok: true, message: "The redirect is deleted." });
  }
  if (intent !== "save") return answer(400, { ok: false, message: "This form submission could not be understood." });

  const typed = Object.fromEntries(formFields.map((name) => [name, values?.[name] ?? ""])) as Record<
    RedirectFormField,
    string
  >;
  const parsed = redirectFormSchema.safeParse(typed);
  if (!parsed.success) {
    const found = fieldErrors(parsed.error);
    return answer(400, {
      ok: false,
      message: "Please correct the highlighted fields.",
      fields: found.fields as RedirectsAnswer["fields"],
      values: typed,
      ...(id ? { id: id.data } : {}),
    });
  }
  const change = await saveRedirect(
    db,
    publicUrl,
    id ? id.data : null,
    { ...parsed.data, status: parsed.data.status === "302" ? 302 : 301 },
    actor,
  );
  if (!change.ok) {
    return answer(change.status, {
      ok: false,
      message: change.message,
      fields: change.fields,
      values: typed,
      ...(id ? { id: id.data } : {}),
    });
  }
  await reloadSoon(runtime);
  const { fromPath, toTarget, status } = change.redirect;
  return answer(200, {
    ok: true,
    id: change.redirect.id,
    message: `${fromPath} now sends visitors to ${toTarget} (${status === 301 ? "permanent" : "temporary"}).`,
  });
}

/**
 * The change is committed: this instance's table is read again before the answer. Should that read
 * fail (the database just went away), the version poll brings it within seconds, and the answer
 * still says what is true: saved.
 */
async function reloadSoon(runtime: RedirectRuntime): Promise<void> {
  await runtime.reload().catch(() => {});
}

/** The 404 monitor's page: the view the address asks for, one page of its rows, and the links around it. */
export async function notFoundPageData(db: Db, url: URL) {
  const { view, ignored } = readNotFoundView(url.searchParams);
  const page = await readNotFoundPage(db, view);
  const rows: NotFoundRow[] = page.rows.map((row) => ({
    path: row.path,
    hits: row.hits,
    firstSeen: when(row.firstSeenAt),
    lastSeen: when(row.lastSeenAt),
    referrerHost: row.referrerHost,
  }));
  const base = { sort: view.sort, search: view.search, ignored: view.ignored };
  return {
    rows,
    total: page.total,
    view: base,
    /** Parameters of the address that could not be read (an old bookmark): said, not guessed. */
    unreadable: ignored,
    pages: {
      first: page.isFirstPage ? undefined : notFoundHref(SEO_NOT_FOUND_PATH, base),
      previous: page.previous ? notFoundHref(SEO_NOT_FOUND_PATH, { ...base, before: page.previous }) : undefined,
      next: page.next ? notFoundHref(SEO_NOT_FOUND_PATH, { ...base, after: page.next }) : undefined,
    },
  };
}

export type NotFoundPageData = Awaited<ReturnType<typeof notFoundPageData>>;

/** The monitor's forms: ignore a path (hide it, stop counting it), or count an ignored one again. */
export async function runNotFoundAction(db: Db, actor: AuditActor, values: Record<string, string> | null) {
  const path = values?.path ?? "";
  const intent = values?.intent ?? "";
  const make = (status: number, ok: boolean, message: string) => ({
    status,
    answer: formAnswer({ ok, intent, message }),
  });
  if (!path || (intent !== "ignore" && intent !== "unignore"))
    return make(400, false, "This form submission could not be understood.");
  if (intent === "ignore") {
    if (!(await ignoreNotFound(db, path, actor))) return make(404, false, "This path is no longer in the list.");
    return make(200, true, `${path} is ignored: it is hidden and no longer counted.`);
  }
  if (!(await unignoreNotFound(db, path, actor))) return make(404, false, "This path is not ignored any more.");
  return make(200, true, `${path} is counted again and back in the list.`);
}
