import type { StaffRole } from "~/db/schema";

/** What the browser learns about the signed-in staff member (GET /api/user, POST /api/login). */
export interface StaffUser {
  id: string;
  name: string;
  email: string;
  roles: StaffRole[];
  /** Signed in with a one-time password: must choose their own before anything else. */
  mustChangePassword: boolean;
  twoFactorEnabled: boolean;
}

export function toStaffUser(user: {
  id: string;
  name: string;
  email: string;
  roles: StaffRole[];
  mustChangePassword: boolean;
  totpEnabledAt: Date | null;
}): StaffUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    roles: user.roles,
    mustChangePassword: user.mustChangePassword,
    twoFactorEnabled: user.totpEnabledAt !== null,
  };
}
