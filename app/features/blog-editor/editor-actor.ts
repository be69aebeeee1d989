import type { StaffRole } from "~/db/schema";
import type { AuditActor } from "~/features/auth/audit.server";

/** Who is writing: the audit's actor and the roles that decide what they may do (access.ts). */
export interface EditorActor extends AuditActor {
  roles: readonly StaffRole[];
}
