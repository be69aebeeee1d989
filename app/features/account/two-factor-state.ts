/** off: no app; pending: a secret shown, not yet confirmed with a code; on: sign-in asks for a code. */
export type TwoFactorState = "off" | "pending" | "on";

export function twoFactorState(user: { totpSecret: string | null; totpEnabledAt: Date | null }): TwoFactorState {
  return user.totpEnabledAt ? "on" : user.totpSecret ? "pending" : "off";
}
