import type { TwoFactorState } from "./two-factor-state";

/** What the account page's loader gives its components (no secrets but the pending setup key, shown on purpose). */
export interface AccountView {
  name: string;
  email: string;
  /** Signed in with a one-time password: choosing their own comes first. */
  mustChangePassword: boolean;
  twoFactor: {
    state: TwoFactorState;
    /** The clinic requires two-step sign-in of every staff member. */
    required: boolean;
    recoveryCodesLeft: number;
    /** While setting up: the QR code (an SVG made on the server) and the setup key typed out. */
    setup: { qrSvg: string; setupKey: string } | null;
  };
  sessions: SessionRow[];
}

export interface SessionRow {
  /** Names the session in a form; derived from, never equal to, the stored hash. */
  ref: string;
  current: boolean;
  browser: string;
  ip: string;
  startedAt: string;
  lastActiveAt: string;
  /** "Active now", "Last active 5 minutes ago". */
  lastActive: string;
  /** "Mar 4, 2:15 PM", clinic time. */
  started: string;
}
