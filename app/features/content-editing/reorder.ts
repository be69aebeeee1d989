/**
 * The posted form of a Move up / Move down button (<OrderedList>), shared by
 * the component and the server. No React and no server code here.
 */
import type { FormAnswer } from "~/lib/form-answer";

export const MOVE_INTENT = "move";

/** The answer to a move: `list` and `target` (the row's id) let the list announce it and keep the focus on the row. */
export type MoveAnswer = FormAnswer<string> & { intent: string; target?: string; list?: string };

/** Where to move a row: one step, to an end, or to a 1-based position. */
export type MoveTo = "up" | "down" | "first" | "last" | number;

export interface MoveForm {
  list: string;
  id: number;
  to: MoveTo;
}

/** The move a posted form asks for, or null when it is not one (or not understood). */
export function readMoveForm(values: Record<string, string> | null): MoveForm | null {
  if (values?.intent !== MOVE_INTENT) return null;
  const id = Number(values.id);
  const list = values.list ?? "";
  const raw = values.to ?? "";
  const position = Number(raw);
  const to: MoveTo | null =
    raw === "up" || raw === "down" || raw === "first" || raw === "last"
      ? raw
      : /^\d{1,4}$/.test(raw) && position >= 1
        ? position
        : null;
  if (!list || !Number.isSafeInteger(id) || id <= 0 || to === null) return null;
  return { list, id, to };
}
