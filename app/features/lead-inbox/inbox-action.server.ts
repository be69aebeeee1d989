import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import type { Db } from "~/db/client.server";
import { readLeadSettings } from "~/features/leads/lead-settings.server";
import { formAnswer } from "~/lib/form-answer";
import { pageWriteFailure } from "~/lib/page-write-failure.server";
import { readFormValues } from "~/lib/form-values";
import { withDatabaseDeadline } from "~/lib/database-availability.server";
import { SEARCH_INTENT, type SearchAnswer } from "./inbox-search";
import { toInboxItem } from "./inbox-items";
import type { InboxView } from "./inbox-params";
import { searchLeads } from "./inbox.server";

const searchSchema = z.object({
  intent: z.literal(SEARCH_INTENT),
  q: z
    .string({ error: "Type a name, an e-mail or a phone number." })
    .trim()
    .min(2, "Type at least two letters or digits of a name, an e-mail or a phone number.")
    .max(100, "A search can be at most 100 characters."),
});

/**
 * The inbox's one posted form: a search by name, e-mail or phone (posted so
 * the words never reach an address). 400 names what is wrong; 503 when the
 * database is away; otherwise the matches, within the filters on.
 */
export async function runInboxAction(
  db: Db,
  request: Request,
  context: Readonly<RouterContextProvider>,
  view: InboxView,
  me: string,
): Promise<{ status: number; answer: SearchAnswer }> {
  const values = await readFormValues(request);
  if (values?.intent !== SEARCH_INTENT) {
    return {
      status: 400,
      answer: formAnswer({ ok: false, message: "This form could not be understood. Please try again." }),
    };
  }
  const parsed = searchSchema.safeParse(values);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Type a name, an e-mail or a phone number.";
    return {
      status: 400,
      answer: formAnswer<"q">({
        ok: false,
        intent: SEARCH_INTENT,
        message,
        fields: { q: message },
        values: { q: values.q ?? "" },
      }),
    };
  }
  const now = new Date();
  try {
    const { rows, promiseHours } = await withDatabaseDeadline(async () => {
      const { promiseHours } = await readLeadSettings(db);
      return { rows: await searchLeads(db, parsed.data.q, view, me, promiseHours, now), promiseHours };
    });
    return {
      status: 200,
      answer: formAnswer<"q", { results: ReturnType<typeof toInboxItem>[] }>({
        ok: true,
        intent: SEARCH_INTENT,
        values: { q: parsed.data.q },
        results: rows.map((row) => toInboxItem(row, now, promiseHours)),
      }),
    };
  } catch (error) {
    const failure = pageWriteFailure(error, context);
    return {
      status: failure.status,
      answer: formAnswer<"q">({
        ok: false,
        intent: SEARCH_INTENT,
        message: "The search could not be done right now. Please try again in a moment.",
        values: { q: parsed.data.q },
      }),
    };
  }
}
