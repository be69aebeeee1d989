import type { ServerServices } from "~/context";
import type { Db } from "~/db/client.server";
import { siteContent } from "~/db/schema";
import type { AuditActor } from "~/features/auth/audit.server";
import { formatClinicDateTime } from "~/lib/clinic-time";
import { formAnswer } from "~/lib/form-answer";
import { schemaProblems } from "~/lib/form-answer.server";
import {
  CLINIC_INTENT,
  LOCATION_ADD_INTENT,
  LOCATION_DELETE_INTENT,
  LOCATION_INTENT,
  MAIN_OFFICE_INTENT,
  REVERT_INTENT,
  type ContentAnswer,
  type ContentPageData,
} from "./content-page-types";
import { FIELD_LABELS as CONTENT_FIELD_LABELS } from "./content-rules";
import { TEAM_FIELD_LABELS } from "./team-rules";
import { clinicFormSchema, parseLocationForm } from "./content-schema.server";
import {
  clinicValuesOf,
  listContentHistory,
  revertPosted,
  saveClinic,
  type ContentChange,
} from "./content-store.server";
import {
  addLocation,
  chooseMainOffice,
  deleteLocation,
  listEditableLocations,
  MAIN_OFFICE_FIELD,
  saveLocation,
} from "./offices-store.server";
import { weekOfRows } from "./week-hours";

const FIELD_LABELS: Record<string, string> = { ...CONTENT_FIELD_LABELS, ...TEAM_FIELD_LABELS };

type Services = Pick<ServerServices, "pageCache" | "redirects">;

/** /admin/content: the clinic's settings, each office, and the latest changes. */
export async function contentPageData(db: Db, publicUrl: string): Promise<ContentPageData> {
  const [[site], offices, history] = await Promise.all([
    db.select().from(siteContent),
    listEditableLocations(db),
    listContentHistory(db),
  ]);
  return {
    clinic: clinicValuesOf(site),
    publicUrl,
    locations: offices.map((o) => ({
      id: o.id,
      slug: o.slug,
      name: o.name,
      description: o.description,
      directions: o.directions,
      metaDescription: o.metaDescription,
      telehealthOnly: o.telehealthOnly,
      latitude: String(o.latitude),
      longitude: String(o.longitude),
      areasServed: o.areasServed.join(", "),
      street: o.street,
      city: o.city,
      state: o.state,
      zip: o.zip,
      phone: o.phone,
      isPrimary: o.isPrimary,
      week: weekOfRows(o.hours),
      closures: o.closures,
    })),
    history: history.map((h) => ({
      id: h.id,
      at: { iso: h.at.toISOString(), text: formatClinicDateTime(h.at) },
      by: h.by,
      what: h.action === "site_content_changed" ? "The clinic's settings" : (h.place ?? "An office"),
      fields: h.fields.map((f) => FIELD_LABELS[f] ?? f).join(", "),
      revertOf: h.revertOf,
    })),
  };
}

const fieldsWords = (fields: string[]) => fields.map((f) => FIELD_LABELS[f] ?? f).join(", ");

/**
 * One posted form of the page: the clinic's settings, one office, or the
 * undoing of a change from the history. 400 with field messages and what
 * was typed; 404 for an office or change that is not there; 200 once
 * committed. This instance's page cache moves to the new version before
 * the answer; the others follow at their next poll.
 */
export async function runContentAction(
  db: Db,
  services: Services,
  actor: AuditActor,
  values: Record<string, string> | null,
): Promise<{ status: number; answer: ContentAnswer }> {
  const intent = values?.intent ?? "";
  const target = values?.target ?? "";
  const answer = (
    status: number,
    init: Omit<ContentAnswer, "answerId" | "intent" | "fields"> & { fields?: Partial<Record<string, string>> },
  ) => ({
    status,
    answer: formAnswer<string, { intent: string; target: string }>({ intent, target, ...init }),
  });
  const published = (change: ContentChange, what: string) => {
    if (!change.changed)
      return answer(200, { ok: true, tone: "info", message: `Nothing changed: ${what} already say this.` });
    services.pageCache.contentChanged(change.version);
    return answer(200, {
      ok: true,
      message: `Published: ${what} (${fieldsWords(change.fields)}) changed on the website for every visitor.`,
    });
  };
  const typed = values ?? {};

  if (intent === CLINIC_INTENT) {
    const parsed = clinicFormSchema.safeParse(typed);
    if (!parsed.success) {
      const { fields } = schemaProblems<string>(parsed.error);
      return answer(400, { ok: false, message: "Please correct the highlighted fields.", fields, values: typed });
    }
    return published(await saveClinic(db, parsed.data, actor), "the clinic's settings");
  }
  if (intent === LOCATION_INTENT || intent === LOCATION_ADD_INTENT) {
    const id = intent === LOCATION_ADD_INTENT ? null : Number(target);
    if (id !== null && (!Number.isSafeInteger(id) || id <= 0))
      return answer(400, { ok: false, message: "This form submission could not be understood." });
    const parsed = parseLocationForm(typed);
    const problems = (fields: Record<string, string>) =>
      answer(400, { ok: false, message: "Please correct the highlighted fields.", fields, values: typed });
    if (!parsed.ok) return problems(parsed.fields);
    const saved =
      id === null ? await addLocation(db, parsed.values, actor) : await saveLocation(db, id, parsed.values, actor);
    if (!saved.ok)
      return saved.status === 400 ? problems(saved.fields) : answer(404, { ok: false, message: saved.message });
    // A new address (or a once-redirected one taken back): this instance reads the redirects now, the others at their poll.
    if (saved.change.changed && (id === null || saved.change.fields.includes("slug")))
      await services.redirects.reload().catch(() => {});
    if (id === null && saved.change.changed) {
      services.pageCache.contentChanged(saved.change.version);
      return answer(200, {
        ok: true,
        message: `Published: ${parsed.values.name} is on the website now, at /locations/${parsed.values.slug}.`,
      });
    }
    return published(saved.change, "the office's details");
  }
  if (intent === LOCATION_DELETE_INTENT) {
    const id = Number(target);
    if (!Number.isSafeInteger(id) || id <= 0)
      return answer(400, { ok: false, message: "This form submission could not be understood." });
    const deleted = await deleteLocation(db, id, actor);
    if (!deleted.ok)
      return answer(deleted.status, {
        ok: false,
        message: deleted.message,
        ...("linkedFrom" in deleted ? { linkedFrom: deleted.linkedFrom } : {}),
      });
    services.pageCache.contentChanged(deleted.version);
    await services.redirects.reload().catch(() => {});
    return answer(200, {
      ok: true,
      message: `Removed: ${deleted.name} is no longer on the website; its page's address leads to the list of offices.`,
    });
  }
  if (intent === MAIN_OFFICE_INTENT) {
    const id = Number(target);
    if (!Number.isSafeInteger(id) || id <= 0)
      return answer(400, { ok: false, message: "This form submission could not be understood." });
    const refused = (fields: Record<string, string>) =>
      answer(400, { ok: false, message: "The main office was not changed.", fields, values: typed });
    // The box says what changes on every page; without it ticked nothing does.
    if (typed[MAIN_OFFICE_FIELD] !== "yes")
      return refused({
        [MAIN_OFFICE_FIELD]:
          "Tick the box to confirm that every page should show this office's address, phone and hours.",
      });
    const chosen = await chooseMainOffice(db, id, actor);
    if (!chosen.ok)
      return chosen.status === 400 ? refused(chosen.fields) : answer(404, { ok: false, message: chosen.message });
    if (!chosen.change.changed)
      return answer(200, {
        ok: true,
        tone: "info",
        message: `Nothing changed: ${chosen.name} is already the main office.`,
      });
    services.pageCache.contentChanged(chosen.change.version);
    return answer(200, {
      ok: true,
      message: `Published: ${chosen.name} is the main office now. The header, the footer, the Get Started page and the clinic's details for search engines show its address, phone and hours.`,
    });
  }
  if (intent === REVERT_INTENT) {
    const reverted = await revertPosted(db, services, values?.entry, actor);
    if (!reverted) return answer(400, { ok: false, message: "This form submission could not be understood." });
    if (!reverted.ok) return answer(reverted.status, { ok: false, message: reverted.message });
    if (!reverted.change.changed)
      return answer(200, { ok: true, tone: "info", message: `Nothing to undo: ${reverted.what} already say that.` });
    if (reverted.change.fields.includes("mainOffice"))
      return answer(200, {
        ok: true,
        message: `Undone: ${reverted.what} is the main office again, on every page of the website.`,
      });
    return answer(200, {
      ok: true,
      message: `Undone: ${reverted.what} (${fieldsWords(reverted.change.fields)}) are back as they were, on the website too.`,
    });
  }
  return answer(400, { ok: false, message: "This form submission could not be understood." });
}
