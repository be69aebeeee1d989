import { data, redirect, type RouterContextProvider } from "react-router";
import { clientContext, databaseContext, staffContext } from "~/context";
import type { Db } from "~/db/client.server";
import { STAFF_AREA_UNAVAILABLE, STAFF_DATABASE_DEADLINE_MS } from "~/features/auth/staff-guard.server";
import { databaseAwayContext, isDatabaseUnavailable, withDatabaseDeadline } from "~/lib/database-availability.server";
import { accepted, refused, schemaProblems, writeFailed } from "~/lib/form-answer.server";
import { readFormValues } from "~/lib/form-values";
import { NO_STORE } from "~/lib/page-write-failure.server";
import { LEADS_INBOX_PATH } from "~/lib/lead-paths";
import {
  addNote,
  assignLead,
  changeStatus,
  deleteLead,
  logContact,
  markDuplicate,
  type ChangeOutcome,
  type LeadActor,
} from "./lead-changes.server";
import { DELETED_FLAG } from "./lead-record-options";
import { loadLeadRecord } from "./lead-record.server";
import { HIDDEN_FIELDS, isLeadId, leadActionSchema, type LeadAction, type LeadField } from "./lead-record-schema";
import type { LeadConflict, LeadRecord } from "./lead-record-types";
import { leadFormPostedContext, recordLeadView } from "./lead-view-audit.server";

/**
 * A lead's page on the server: what its loader reads and what its forms do,
 * with every outcome a status a person can act on: 404 for a lead that does
 * not exist (a malformed id never reaches the database), 400 naming the
 * field, 409 for a change someone else made first, 503 when the database is
 * away. The route module only passes the request on.
 */

type Context = Readonly<RouterContextProvider>;

export const NO_SUCH_LEAD = "There is no lead at this address. It may have been deleted, or the link is incomplete.";

const notFound = () => data({ error: NO_SUCH_LEAD }, { status: 404, headers: NO_STORE });
const unavailable = () =>
  data({ error: STAFF_AREA_UNAVAILABLE }, { status: 503, headers: { ...NO_STORE, "Retry-After": "5" } });

/** The lead's id from the address, lower-cased; anything that is not a UUID is no lead (404). */
function leadIdOf(value: string | undefined): string {
  if (!isLeadId(value)) throw notFound();
  return value.toLowerCase();
}

function actorOf(context: Context): LeadActor {
  const { user } = context.get(staffContext);
  return { id: user.id, email: user.email, ip: context.get(clientContext).ip };
}

/** The loader: the lead, and its opening written to the audit trail (lead-view-audit.server.ts says when). */
export async function leadPageData(context: Context, rawId: string | undefined): Promise<LeadRecord> {
  const id = leadIdOf(rawId);
  // The action that ran before in this request found the database away: say so at once.
  if (context.get(databaseAwayContext)) throw unavailable();
  const { db } = context.get(databaseContext);
  const posted = context.get(leadFormPostedContext);
  let record: LeadRecord | null;
  try {
    [record] = await withDatabaseDeadline(
      () => Promise.all([loadLeadRecord(db, id), posted ? false : recordLeadView(db, actorOf(context), id)]),
      STAFF_DATABASE_DEADLINE_MS,
    );
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw unavailable();
    throw error;
  }
  if (!record) throw notFound();
  return record;
}

const SHOWN_FIELDS: readonly LeadField[] = [
  "status",
  "reason",
  "method",
  "outcome",
  "at",
  "note",
  "assignee",
  "text",
  "deletionReason",
  "confirm",
];

/** What was typed, given back so a refused form keeps it. */
function typed(values: Record<string, string> | null): Partial<Record<LeadField, string>> {
  const kept: Partial<Record<LeadField, string>> = {};
  for (const field of SHOWN_FIELDS) if (values?.[field] !== undefined) kept[field] = values[field];
  return kept;
}

function run(db: Db, actor: LeadActor, id: string, input: LeadAction): Promise<ChangeOutcome> {
  switch (input.intent) {
    case "status":
      return changeStatus(db, actor, id, input);
    case "contact":
      return logContact(db, actor, id, input);
    case "assign":
      return assignLead(db, actor, id, input);
    case "note":
      return addNote(db, actor, id, input);
    case "duplicate":
      return markDuplicate(db, actor, id, input);
    case "delete":
      return deleteLead(db, actor, id, input);
  }
}

/** The action: one of the page's forms, told apart by `intent`. */
export async function leadPageAction(request: Request, context: Context, rawId: string | undefined) {
  context.set(leadFormPostedContext, true);
  const id = leadIdOf(rawId);
  const values = await readFormValues(request);
  const intent = values?.intent;
  const parsed = leadActionSchema.safeParse(values ?? {});
  if (!parsed.success) {
    const { fields } = schemaProblems<LeadField>(parsed.error, (name) =>
      HIDDEN_FIELDS.has(name) ? undefined : (name as LeadField),
    );
    const named = Object.keys(fields).length > 0;
    return refused<LeadField>({
      intent,
      fields,
      values: typed(values),
      message: named
        ? "Please check the highlighted field."
        : (parsed.error.issues[0]?.message ?? "This form could not be understood."),
    });
  }
  const { db } = context.get(databaseContext);
  let outcome: ChangeOutcome;
  try {
    outcome = await withDatabaseDeadline(() => run(db, actorOf(context), id, parsed.data), STAFF_DATABASE_DEADLINE_MS);
  } catch (error) {
    return writeFailed<LeadField>(error, context, { intent, values: typed(values) });
  }
  switch (outcome.kind) {
    case "done":
      // The lead is gone: its page with it. The inbox says what happened (no name in the address).
      if (parsed.data.intent === "delete")
        throw redirect(`${LEADS_INBOX_PATH}?${DELETED_FLAG}=1`, { status: 303, headers: NO_STORE });
      return accepted<LeadField>({ intent, message: outcome.message });
    case "missing":
      throw notFound();
    case "conflict":
      return refused<LeadField, { conflict: LeadConflict }>(
        {
          intent,
          message: `${outcome.what} ${outcome.yours}`,
          conflict: { what: outcome.what, yours: outcome.yours },
          values: typed(values),
        },
        409,
      );
    case "refused": {
      const shown = outcome.field !== "target";
      return refused<LeadField>({
        intent,
        message: shown ? "Please check the highlighted field." : outcome.message,
        fields: shown ? { [outcome.field]: outcome.message } : {},
        values: typed(values),
      });
    }
  }
}
