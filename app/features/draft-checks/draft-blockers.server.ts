import { z } from "zod";
import type { StaffRole } from "~/db/schema";
import { can } from "~/features/auth/access";
import type { AuditRecord } from "~/features/auth/audit.server";
import type { Finding } from "./draft-types";

/**
 * Whether a draft may go to review (issue 18): any error finding blocks it,
 * unless a clinician (the `blog-approve` permission) overrides those errors
 * with a written reason. The override names the findings it covers, so a new
 * error that appears after it (a sentence added later) blocks again. The
 * editor's workflow calls these; the audit entry is `draft_checks_overridden`.
 */

export const OVERRIDE_REASON = { min: 20, max: 1000 } as const;

/** What staff post to override: the reason, and the error ids they saw. */
export const checkOverrideSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(OVERRIDE_REASON.min, `Write the reason in a sentence or two (${OVERRIDE_REASON.min} characters or more).`)
    .max(OVERRIDE_REASON.max, `Keep the reason to ${OVERRIDE_REASON.max} characters.`),
  findingIds: z.array(z.string().min(1).max(64)).min(1).max(50),
});
export type CheckOverrideInput = z.infer<typeof checkOverrideSchema>;

/** The override as kept with the post (and in the audit entry). */
export interface CheckOverride {
  findingIds: string[];
  reason: string;
  /** The clinician's user id. */
  by: string;
  at: string;
}

export interface Blockers {
  blocked: boolean;
  /** The errors no override covers: what the page lists as the reason review is refused. */
  errors: Finding[];
  /** The errors an override let through. */
  overridden: Finding[];
}

export function draftBlockers(findings: readonly Finding[], override?: CheckOverride | null): Blockers {
  const covered = new Set(override?.findingIds ?? []);
  const errors = findings.filter((f) => f.severity === "error" && !covered.has(f.id));
  const overridden = findings.filter((f) => f.severity === "error" && covered.has(f.id));
  return { blocked: errors.length > 0, errors, overridden };
}

export type OverrideOutcome =
  | { ok: true; override: CheckOverride; audit: AuditRecord }
  | { ok: false; status: 400 | 403; message: string; fields?: Partial<Record<"reason" | "findingIds", string>> };

/**
 * An override made by `staff` for a post: refused (403) to anyone without
 * `blog-approve`, 400 without a reason or naming findings that are not the
 * draft's current errors. The caller stores `override` with the post and
 * writes `audit` in the same transaction.
 */
export function makeCheckOverride(
  staff: { id: string; roles: readonly StaffRole[] },
  postId: number,
  input: unknown,
  currentFindings: readonly Finding[],
  now = new Date(),
): OverrideOutcome {
  if (!can(staff.roles, "blog-approve"))
    return { ok: false, status: 403, message: "Only a clinician can let a draft past its checks." };
  const parsed = checkOverrideSchema.safeParse(input);
  if (!parsed.success) {
    const fields: Partial<Record<"reason" | "findingIds", string>> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] === "findingIds" ? "findingIds" : "reason";
      fields[key] ??= issue.message;
    }
    return { ok: false, status: 400, message: "The override needs a reason.", fields };
  }
  const errorIds = new Set(currentFindings.filter((f) => f.severity === "error").map((f) => f.id));
  const unknown = parsed.data.findingIds.filter((id) => !errorIds.has(id));
  if (unknown.length > 0)
    return {
      ok: false,
      status: 400,
      message: "The checks have changed since the page was drawn. Look at them again before overriding.",
      fields: { findingIds: "These are no longer the draft's errors." },
    };
  const override: CheckOverride = {
    findingIds: [...new Set(parsed.data.findingIds)],
    reason: parsed.data.reason,
    by: staff.id,
    at: now.toISOString(),
  };
  return {
    ok: true,
    override,
    audit: {
      action: "draft_checks_overridden",
      target: { type: "blog_post", id: String(postId) },
      detail: { findings: override.findingIds, reason: override.reason },
    },
  };
}
