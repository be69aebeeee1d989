import type { StaffRole } from "~/db/schema";
import type { FormAnswer } from "~/lib/form-answer";

/** One account as /admin/staff shows it (no hashes, no secrets). */
export interface AccountRow {
  id: string;
  name: string;
  email: string;
  roles: StaffRole[];
  disabled: boolean;
  twoFactor: boolean;
  mustChangePassword: boolean;
  /** ISO time of the last sign-in, and the same in the clinic's words and time zone. */
  lastSignIn: { iso: string; text: string } | null;
  /** The admin looking at the page. */
  isYou: boolean;
}

export type InviteField = "name" | "email" | "roles";

/** What the page's action answers (a FormAnswer); a one-time password appears here once and nowhere else. */
export type StaffAnswer = FormAnswer<InviteField> & {
  intent: string;
  userId?: string;
  oneTimePassword?: { value: string; name: string; email: string; reason: "invite" | "reset" };
};
