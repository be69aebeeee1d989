import type { ImageSources } from "~/features/images/image-rules";
import type { FormAnswer } from "~/lib/form-answer";

/** A row of /admin/content/team. */
export interface TeamListRow {
  id: number;
  name: string;
  credentials: string;
  role: string;
  slug: string;
  hasPhoto: boolean;
  acceptingNewPatients: boolean;
}

export interface TeamListData {
  members: TeamListRow[];
  publicUrl: string;
  /** The name of the member just deleted, to say so. */
  deleted: string | null;
  /** The audit entry of that deletion, for the confirmation's Undo. */
  deletedEntry: number | null;
  /** The name of a member whose addition was just undone, to say so. */
  undone: string | null;
}

/** The editor's page: the member's fields as the form shows them (null for a new one), and the choices. */
export interface TeamEditorData {
  id: number | null;
  /** The saved values as form text, by field name. */
  values: Record<string, string>;
  photo: ImageSources | null;
  offices: { id: number; name: string }[];
  insurers: { id: number; name: string }[];
  publicUrl: string;
  /** Just created: say it was published. */
  created: boolean;
  /** The audit entry of that addition, for the confirmation's Undo. */
  createdEntry: number | null;
}

/** A place that names a member, as the refusal to delete lists it. */
export interface NamedInView {
  kind: "post" | "page";
  title: string;
  path: string;
  why: string;
}

/** One form's answer: a save, a preview (its HTML) or a refused delete (the places). */
export type TeamAnswer = FormAnswer<string> & {
  intent: string;
  preview?: string;
  places?: NamedInView[];
  /** The audit entry of a change just published, for the confirmation's Undo. */
  entry?: number;
};
