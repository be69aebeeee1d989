// The staff roles as plain values, apart from the tables: the staff pages' own code (the role
// choices, the account form) needs them in the browser, and importing them from the tables' file
// would bring every table of the schema and drizzle's column builders with them.

/**
 * What a staff member may do (decision 0025): admin (everything, accounts and settings), intake
 * (the leads themselves), marketing (analytics, search, ads, the blog, and lead counts only),
 * clinician (article review). A person holds one or more.
 */
export const staffRoles = ["admin", "intake", "marketing", "clinician"] as const;
export type StaffRole = (typeof staffRoles)[number];
