import type { FormAnswer } from "~/lib/form-answer";
import type { InboxItem } from "./inbox-items";

/** The inbox's posted search (never a GET: what is typed names someone). */
export const SEARCH_INTENT = "search";

/** The search form's answer: the matches when it was accepted. */
export type SearchAnswer = FormAnswer<"q"> & { results?: InboxItem[] };
