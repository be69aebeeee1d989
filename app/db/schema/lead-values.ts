// A lead's kinds and statuses as plain values, apart from the tables: the staff pages' own code
// (filters, the status form) needs them in the browser, and importing them from the tables' file
// would bring every table of the schema and drizzle's column builders with them.

export const leadFormTypes = ["hero", "phone_click", "appointment", "get_started"] as const;
export type LeadFormType = (typeof leadFormTypes)[number];

/**
 * Where a lead stands (decision 0026): new → contacted → scheduled → patient,
 * or closed as not a fit, no response, duplicate or spam. The order is the
 * pipeline's, and `status_rank` sorts by it.
 */
export const leadStatuses = [
  "new",
  "contacted",
  "scheduled",
  "patient",
  "not_a_fit",
  "no_response",
  "duplicate",
  "spam",
] as const;
export type LeadStatus = (typeof leadStatuses)[number];
/** The statuses a lead's work ends in: retention counts from the moment a lead reached one. */
export const finishedLeadStatuses = [
  "patient",
  "not_a_fit",
  "no_response",
  "duplicate",
  "spam",
] as const satisfies readonly LeadStatus[];
