import { staffRoles, type StaffRole } from "~/db/schema/staff-roles";

/** The roles in words (access.ts decides what each opens; decision 0025). */
export const roleLabels: Record<StaffRole, string> = {
  admin: "Administrator",
  intake: "Intake",
  marketing: "Marketing",
  clinician: "Clinician",
};

/** What each role opens, in the words the staff page and the command line use (access.ts decides). */
export const roleDescriptions: Record<StaffRole, string> = {
  admin: "Everything, including staff accounts, the audit trail and settings.",
  intake: "The requests people send: names, contact details, notes, follow-up and exports of leads.",
  marketing: "Analytics, search, ads and the blog, with lead counts and rates only: never a name or contact detail.",
  clinician: "Reviews and approves articles before they are published. No lead details unless also Intake.",
};

/** Roles in the order the house lists them, each once. */
export function orderedRoles(roles: Iterable<StaffRole>): StaffRole[] {
  const chosen = new Set(roles);
  return staffRoles.filter((role) => chosen.has(role));
}

/** "Intake and Marketing": a person's roles in words. */
export function rolesInWords(roles: readonly StaffRole[]): string {
  const words = orderedRoles(roles).map((role) => roleLabels[role]);
  return words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}
