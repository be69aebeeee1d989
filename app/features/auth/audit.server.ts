import type { Db } from "~/db/client.server";
import { auditLog } from "~/db/schema";

/**
 * Everything the audit trail records. Sign-ins and failures, sign-outs,
 * every look at a lead's details or an export, every change to accounts
 * and settings.
 */
export const auditActions = [
  "sign_in",
  "sign_in_failed",
  "sign_in_locked",
  "sign_out",
  "sign_out_everywhere",
  "session_ended",
  "password_changed",
  "two_factor_enrolled",
  "two_factor_reset",
  "recovery_code_used",
  "recovery_codes_renewed",
  "user_created",
  "user_role_changed",
  "user_disabled",
  "user_enabled",
  "user_password_reset",
  "user_two_factor_reset",
  "setting_changed",
  "lead_viewed",
  "lead_status_changed",
  "lead_contact_logged",
  "lead_assigned",
  "lead_note_added",
  "lead_marked_duplicate",
  "lead_deleted",
  "leads_exported",
  "leads_retention_deleted",
  "analytics_retention_deleted",
  "lead_report_exported",
  "redirect_created",
  "redirect_changed",
  "redirect_deleted",
  "not_found_ignored",
  "not_found_unignored",
  "search_console_imported",
  "search_console_import_deleted",
  "page_settings_changed",
  "page_settings_reset",
  "seo_audit_started",
  "ad_report_imported",
  "ad_budget_changed",
  "ad_conversions_exported",
  "ads_measurement_changed",
  "blog_draft_generated",
  "draft_checks_overridden",
  "image_uploaded",
  "image_deleted",
  "blog_post_created",
  "blog_post_saved",
  "blog_post_status_changed",
  "blog_post_restored",
  "site_content_changed",
  "location_changed",
  "location_added",
  "location_deleted",
  "main_office_changed",
  "team_member_added",
  "team_member_changed",
  "team_member_deleted",
  "content_reordered",
  "content_item_added",
  "content_item_changed",
  "content_item_deleted",
] as const;
export type AuditAction = (typeof auditActions)[number];

export interface AuditActor {
  id: string | null;
  email: string | null;
  ip: string;
}

export interface AuditRecord {
  action: AuditAction;
  target?: { type: string; id: string };
  detail?: Record<string, unknown>;
}

/** Appends one entry. The table refuses updates and deletes (migration 0003). */
export async function audit(db: Db, actor: AuditActor, record: AuditRecord, at = new Date()): Promise<number> {
  const [entry] = await db
    .insert(auditLog)
    .values({
      at,
      actorId: actor.id,
      actorEmail: actor.email?.slice(0, 254) ?? null,
      action: record.action,
      targetType: record.target?.type ?? null,
      targetId: record.target?.id ?? null,
      ip: actor.ip,
      detail: record.detail ?? {},
    })
    .returning({ id: auditLog.id });
  // The entry's id: a confirmation can offer to undo exactly this change.
  return entry!.id;
}
