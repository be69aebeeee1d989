import { asc } from "drizzle-orm";
import { redirect } from "react-router";
import type { ServerServices } from "~/context";
import type { Db } from "~/db/client.server";
import * as t from "~/db/schema";
import type { AuditActor } from "~/features/auth/audit.server";
import { imageSources } from "~/features/images/image-store.server";
import { profileOf } from "~/features/pages/team-member.server";
import { profileHtml } from "~/features/pages/team-profile-html.server";
import { formAnswer } from "~/lib/form-answer";
import { TEAM_CONTENT_PATH } from "~/lib/content-paths";
import { UNDO_ITEM_INTENT } from "./content-lists";
import { revertPosted } from "./content-store.server";
import type { TeamAnswer, TeamEditorData, TeamListData } from "./team-page-types";
import { TEAM_DELETE_INTENT, TEAM_FIELD_LABELS, TEAM_INTENT, TEAM_PREVIEW_INTENT, type TeamValues } from "./team-rules";
import { parseTeamForm } from "./team-schema.server";
import { deleteTeamMember, listTeamForEditing, saveTeamMember, teamValuesOf } from "./team-store.server";

type Services = Pick<ServerServices, "pageCache" | "redirects">;

/** The audit entry an address names (`?entry=41`, after adding or deleting), for the confirmation's Undo. */
export function entryOf(request: Request): number | null {
  const entry = Number(new URL(request.url).searchParams.get("entry"));
  return Number.isSafeInteger(entry) && entry > 0 ? entry : null;
}

/** /admin/content/team: every member in the site's order. */
export async function teamListData(
  db: Db,
  publicUrl: string,
  confirmation: Pick<TeamListData, "deleted" | "deletedEntry" | "undone"> = {
    deleted: null,
    deletedEntry: null,
    undone: null,
  },
): Promise<TeamListData> {
  const rows = await listTeamForEditing(db);
  return {
    publicUrl,
    ...confirmation,
    members: rows.map((m) => ({
      id: m.id,
      name: m.name,
      credentials: m.credentials,
      role: m.role,
      slug: m.slug,
      hasPhoto: m.photoImageId !== null,
      acceptingNewPatients: m.acceptingNewPatients,
    })),
  };
}

/** Saved values as the form's text. */
function formTextOf(values: TeamValues): Record<string, string> {
  return {
    name: values.name,
    credentials: values.credentials,
    role: values.role,
    licenseType: values.licenseType,
    slug: values.slug,
    photoImageId: values.photoImageId === null ? "" : String(values.photoImageId),
    bio: values.bio,
    approach: values.approach,
    education: values.education,
    availability: values.availability,
    specialties: values.specialties.join(", "),
    languages: values.languages.join(", "),
    modalities: values.modalities.join(","),
    acceptingNewPatients: values.acceptingNewPatients ? "yes" : "no",
    locationIds: values.locationIds.join(","),
    insuranceIds: values.insuranceIds.join(","),
    metaDescription: values.metaDescription,
  };
}

/** The editor of one member (id) or a new one (null); null when the member is not there. */
export async function teamEditorData(
  db: Db,
  id: number | null,
  publicUrl: string,
  created = false,
  createdEntry: number | null = null,
): Promise<TeamEditorData | null> {
  const [members, offices, insurers] = await Promise.all([
    id === null ? Promise.resolve([]) : listTeamForEditing(db),
    db
      .select({ id: t.locations.id, name: t.locations.name })
      .from(t.locations)
      .orderBy(asc(t.locations.sortOrder), asc(t.locations.id)),
    db
      .select({ id: t.insuranceProviders.id, name: t.insuranceProviders.name })
      .from(t.insuranceProviders)
      .orderBy(asc(t.insuranceProviders.sortOrder), asc(t.insuranceProviders.id)),
  ]);
  const row = id === null ? null : members.find((m) => m.id === id);
  if (id !== null && !row) return null;
  const values: Record<string, string> = row
    ? formTextOf(teamValuesOf(row))
    : { modalities: "In person,Telehealth", acceptingNewPatients: "yes" };
  return {
    id,
    values,
    photo: row?.photoImageId ? await imageSources(db, row.photoImageId) : null,
    offices,
    insurers,
    publicUrl,
    created,
    createdEntry,
  };
}

const fieldsWords = (fields: string[]) => fields.map((f) => TEAM_FIELD_LABELS[f as keyof TeamValues] ?? f).join(", ");

/**
 * One posted form of the editor: publish (400 with field messages and what
 * was typed; a new member's page then opens), preview (the public profile
 * from the typed values, nothing saved), or delete (409 with the places that
 * name the member). The page cache of this instance moves at once.
 */
export async function runTeamAction(
  db: Db,
  services: Services,
  actor: AuditActor,
  id: number | null,
  values: Record<string, string> | null,
): Promise<{ status: number; answer: TeamAnswer } | Response> {
  const intent = values?.intent ?? "";
  const typed = values ?? {};
  const answer = (
    status: number,
    init: Omit<TeamAnswer, "answerId" | "intent" | "fields"> & { fields?: Record<string, string> },
  ) => ({
    status,
    answer: formAnswer<string, { intent: string }>({ intent, ...init }) as TeamAnswer,
  });

  if (intent === TEAM_DELETE_INTENT && id !== null) {
    const deleted = await deleteTeamMember(db, id, actor);
    if (!deleted.ok) return answer(deleted.status, { ok: false, message: deleted.message, places: deleted.places });
    services.pageCache.contentChanged(deleted.version);
    return redirect(`${TEAM_CONTENT_PATH}?deleted=${encodeURIComponent(deleted.name)}&entry=${deleted.entry}`);
  }
  if (intent === UNDO_ITEM_INTENT) {
    const undone = await runTeamUndo(db, services, actor, values);
    // An addition undone: the member's editor is gone, so back to the list, which says so.
    if (undone.removed) return redirect(`${TEAM_CONTENT_PATH}?undone=${encodeURIComponent(undone.removed)}`);
    return undone;
  }
  if (intent !== TEAM_INTENT && intent !== TEAM_PREVIEW_INTENT)
    return answer(400, { ok: false, message: "This form submission could not be understood." });

  const parsed = parseTeamForm(typed);
  if (!parsed.ok)
    return answer(400, {
      ok: false,
      message:
        intent === TEAM_PREVIEW_INTENT
          ? "The preview needs every field filled in as it would be published: please correct the highlighted fields."
          : "Please correct the highlighted fields.",
      fields: parsed.fields,
      values: typed,
    });

  if (intent === TEAM_PREVIEW_INTENT) {
    const photo = parsed.values.photoImageId === null ? null : await imageSources(db, parsed.values.photoImageId);
    const profile = await profileOf(db, { ...parsed.values, updatedAt: new Date() }, photo);
    return answer(200, {
      ok: true,
      tone: "info",
      message: "This is the preview: nothing is published until you publish.",
      values: typed,
      preview: profileHtml(profile, []),
    });
  }

  const saved = await saveTeamMember(db, id, parsed.values, actor, parsed.slugTyped);
  if (!saved.ok)
    return answer(saved.status, { ok: false, message: saved.message, fields: saved.fields, values: typed });
  if (saved.change.changed) services.pageCache.contentChanged(saved.change.version);
  if (id === null) return redirect(`${TEAM_CONTENT_PATH}/${saved.id}?published=new&entry=${saved.entry}`);
  if (!saved.change.changed)
    return answer(200, { ok: true, tone: "info", message: "Nothing changed: the profile already says this." });
  return answer(200, {
    ok: true,
    message: `Published: ${fieldsWords(saved.change.fields)} changed on the website for every visitor.${saved.redirected ? ` The old address now leads to /team/${saved.slug}.` : ""}`,
    entry: saved.entry,
  });
}

/**
 * The confirmation's Undo (an addition, a change or a deletion of a member, by its audit entry),
 * as the lists' is: revertPosted turns it round and publishes at once. `removed`: the name of a
 * member whose addition was undone (their editor is gone).
 */
export async function runTeamUndo(
  db: Db,
  services: Services,
  actor: AuditActor,
  values: Record<string, string> | null,
): Promise<{ status: number; answer: TeamAnswer; removed?: string }> {
  const answer = (status: number, init: Omit<TeamAnswer, "answerId" | "intent" | "fields">) => ({
    status,
    answer: formAnswer<string, { intent: string }>({ intent: UNDO_ITEM_INTENT, ...init }) as TeamAnswer,
  });
  const reverted = await revertPosted(db, services, values?.entry, actor);
  if (!reverted) return answer(400, { ok: false, message: "This form submission could not be understood." });
  if (!reverted.ok) return answer(reverted.status, { ok: false, message: reverted.message });
  const { change, what } = reverted;
  if (!change.changed)
    return answer(200, { ok: true, tone: "info", message: `Nothing to undo: ${what} is as it was.` });
  if (change.fields.includes("removed"))
    return { ...answer(200, { ok: true, message: `Undone: ${what} is no longer on the website.` }), removed: what };
  return answer(200, {
    ok: true,
    message: change.fields.includes("restored")
      ? `Undone: ${what} is back on the website, in their old place.`
      : `Undone: ${what}'s profile is as it was before, for every visitor.`,
  });
}
