import type { AuditAction } from "~/features/auth/audit.server";

/** What each audit action means, in words (a new action must be worded here before it compiles). */
export const auditActionLabels: Record<AuditAction, string> = {
  sign_in: "Signed in",
  sign_in_failed: "Sign-in refused",
  sign_in_locked: "Sign-in blocked (too many tries)",
  sign_out: "Signed out",
  sign_out_everywhere: "Signed out everywhere",
  session_ended: "Session ended",
  password_changed: "Changed own password",
  two_factor_enrolled: "Turned on two-step sign-in",
  two_factor_reset: "Reset own two-step sign-in",
  recovery_code_used: "Used a recovery code",
  recovery_codes_renewed: "Made new recovery codes",
  user_created: "Created an account",
  user_role_changed: "Changed an account's roles",
  user_disabled: "Switched an account off",
  user_enabled: "Switched an account back on",
  user_password_reset: "Reset an account's password",
  user_two_factor_reset: "Reset an account's two-step sign-in",
  setting_changed: "Changed a setting",
  lead_viewed: "Opened a lead's details",
  lead_status_changed: "Changed a lead's status",
  lead_contact_logged: "Logged a contact attempt",
  lead_assigned: "Assigned a lead",
  lead_note_added: "Added a note to a lead",
  lead_marked_duplicate: "Marked a lead as a duplicate",
  lead_deleted: "Deleted a lead",
  leads_exported: "Exported leads",
  leads_retention_deleted: "Deleted finished leads past the keeping time",
  analytics_retention_deleted: "Deleted analytics past the keeping time",
  lead_report_exported: "Downloaded the lead insights figures",
  redirect_created: "Added a redirect",
  redirect_changed: "Changed a redirect",
  redirect_deleted: "Deleted a redirect",
  not_found_ignored: "Ignored a path in the 404 monitor",
  not_found_unignored: "Counted an ignored path in the 404 monitor again",
  search_console_imported: "Imported Search Console data",
  search_console_import_deleted: "Deleted imported Search Console data",
  page_settings_changed: "Changed a page's search settings",
  page_settings_reset: "Put a page back on its own search settings",
  seo_audit_started: "Started a check of the site's pages",
  ad_report_imported: "Imported a Google Ads report",
  ad_budget_changed: "Changed a Google Ads budget",
  ad_conversions_exported: "Exported offline conversions for Google Ads",
  ads_measurement_changed: "Changed the ads and measurement set-up",
  blog_draft_generated: "Saved a generated blog draft",
  draft_checks_overridden: "Sent a blog draft to review past its checks",
  image_uploaded: "Uploaded an image",
  image_deleted: "Deleted an image",
  blog_post_created: "Started a blog post",
  blog_post_saved: "Saved a blog post",
  blog_post_status_changed: "Moved a blog post along its review and publication",
  blog_post_restored: "Restored an earlier text of a blog post",
  site_content_changed: "Changed the clinic's settings",
  location_changed: "Changed an office",
  location_added: "Added an office",
  location_deleted: "Removed an office",
  main_office_changed: "Chose another main office",
  team_member_added: "Added a team member",
  team_member_changed: "Changed a team member",
  team_member_deleted: "Deleted a team member",
  content_reordered: "Changed the order of a content list",
  content_item_added: "Added an item to a content list",
  content_item_changed: "Changed an item of a content list",
  content_item_deleted: "Deleted an item of a content list",
};

/** "some_thing" or "someThing" → "some thing". */
function words(value: string): string {
  return value
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .toLowerCase()
    .trim();
}

function sentence(value: string): string {
  const text = words(value);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The label of an action; an action this version does not know is shown in plain words. */
export function auditActionLabel(action: string): string {
  return (auditActionLabels as Record<string, string>)[action] ?? sentence(action);
}

const reasonWords: Record<string, string> = {
  unknown_email: "no account has this address",
  wrong_password: "wrong password",
  account_disabled: "account switched off",
  wrong_code: "wrong code",
  // Why a lead was deleted (a choice on its page, never free text).
  requested: "the person asked us to delete it",
  mistake: "entered by mistake, or a test",
  other: "another reason",
};

const secondFactorWords: Record<string, string> = {
  totp: "with an authenticator code",
  recovery_code: "with a recovery code",
};

// Roles as words: today's four, and "staff" from the single-role days (older entries keep it).
const roleWords: Record<string, string> = {
  admin: "administrator",
  intake: "intake",
  marketing: "marketing",
  clinician: "clinician",
  staff: "staff",
};

const MAX_VALUE = 80;

function valueWords(value: unknown): string {
  if (value === null || value === undefined) return "none";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (Array.isArray(value)) return value.map(valueWords).join(", ");
  const text = typeof value === "object" ? JSON.stringify(value) : String(value);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}

/**
 * The entry's small facts (detail holds no lead contents) as one short line:
 * the known ones worded, anything else as "key: value".
 */
export function summariseAuditDetail(detail: Record<string, unknown> | null | undefined): string {
  if (!detail) return "";
  const parts: string[] = [];
  const rest = { ...detail };
  if (typeof rest.reason === "string") {
    parts.push(`Reason: ${reasonWords[rest.reason] ?? words(rest.reason)}`);
    delete rest.reason;
  }
  if (typeof rest.secondFactor === "string") {
    parts.push(secondFactorWords[rest.secondFactor] ?? `second step: ${words(rest.secondFactor)}`);
    delete rest.secondFactor;
  }
  if ("from" in rest && "to" in rest) {
    const role = (v: unknown) => (typeof v === "string" ? (roleWords[v] ?? v) : valueWords(v));
    const say = (v: unknown) => (Array.isArray(v) ? v.map(role).join(" and ") : role(v));
    parts.push(`${say(rest.from)} → ${say(rest.to)}`);
    delete rest.from;
    delete rest.to;
  }
  // A report's date range (lead_report_exported): its days.
  const range = rest.range as { from?: unknown; to?: unknown } | undefined;
  if (range && typeof range === "object" && typeof range.from === "string" && typeof range.to === "string") {
    parts.push(`Range: ${range.from} to ${range.to}`);
    delete rest.range;
  }
  for (const [key, value] of Object.entries(rest)) parts.push(`${sentence(key)}: ${valueWords(value)}`);
  return parts.join("; ");
}

/** What an entry was about: an account by its holder's name, anything else by kind and id. */
export function auditTargetWords(type: string | null, id: string | null, targetUserName: string | null): string | null {
  if (!type) return null;
  if (type === "user") return targetUserName ? `Account: ${targetUserName}` : "Account (no longer listed)";
  if (type === "lead") return id ? `Lead ${id.slice(0, 8)}` : "Lead";
  // A page by its path as it is ("/adhd-evaluation", not "adhd evaluation").
  if (type === "page") return id ? `Page ${id}` : "Page";
  return id ? `${sentence(type)}: ${words(id)}` : sentence(type);
}
