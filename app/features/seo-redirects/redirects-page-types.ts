import type { FormAnswer } from "~/lib/form-answer";
import type { RedirectFormField } from "./redirect-rules";

/** One redirect as /admin/seo/redirects lists it. */
export interface RedirectRow {
  id: number;
  fromPath: string;
  toTarget: string;
  status: number;
  hits: number;
  /** The last hit in the clinic's words and time zone, or null when never used. */
  lastHit: { iso: string; text: string } | null;
}

/** One row of the 404 monitor. */
export interface NotFoundRow {
  path: string;
  hits: number;
  firstSeen: { iso: string; text: string };
  lastSeen: { iso: string; text: string };
  referrerHost: string | null;
}

/** What the redirect form starts with: a row being edited, a path from the 404 monitor, or nothing. */
export interface RedirectDraft {
  id: number | null;
  fromPath: string;
  toTarget: string;
  status: "301" | "302";
}

export type RedirectsAnswer = FormAnswer<RedirectFormField> & { intent: string; id?: number };
