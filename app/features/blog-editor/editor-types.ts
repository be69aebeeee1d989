import type { Finding } from "~/features/draft-checks/draft-types";
import type { ImageSources } from "~/features/images/image-rules";
import type { FormAnswer } from "~/lib/form-answer";
import type { PostFormField, ShownStatus } from "./post-rules";

/** What every form of the editor answers: the form kit's shape, with the post's new version. */
export type EditorAnswer = FormAnswer<PostFormField | "reason" | "findingIds"> & {
  /** The version the post is at now (after a save); the next save must name it. */
  version?: number;
  /** A save was refused because the post changed elsewhere. */
  conflict?: boolean;
  /** The post's new address (after a save that made or changed the slug). */
  slug?: string;
};

export interface RevisionRow {
  id: number;
  kind: "save" | "autosave" | "restore";
  by: string | null;
  at: { iso: string; text: string };
}

/** A word diff of a revision against the current text, part by part. */
export interface DiffPart {
  kind: "same" | "added" | "removed";
  text: string;
}

export interface RevisionCompare {
  revision: RevisionRow;
  title: DiffPart[];
  excerpt: DiffPart[];
  body: DiffPart[];
  same: boolean;
}

export interface EditorView {
  id: number | null;
  version: number;
  values: Record<PostFormField, string>;
  status: ShownStatus;
  approved: { by: string | null; at: { iso: string; text: string } } | null;
  publishedAt: { iso: string; text: string } | null;
  /** The post's public address (live, scheduled or not). */
  publicPath: string | null;
  unpublishedRedirect: string | null;
  team: { slug: string; name: string; credentials: string }[];
  revisions: RevisionRow[];
  compare: RevisionCompare | null;
  canApprove: boolean;
  /** The draft checks on the stored post, and a clinician's override of their errors (decision 0037). */
  checks: DraftChecksView;
  /** The stored featured image, for its field. */
  featuredImage: ImageSources | null;
  publicUrl: string;
  siteName: string;
}

export interface DraftChecksView {
  findings: Finding[];
  override: { findingIds: string[]; reason: string; by: string | null; at: { iso: string; text: string } } | null;
}
