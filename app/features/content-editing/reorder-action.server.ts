import type { ServerServices } from "~/context";
import type { Db } from "~/db/client.server";
import type { AuditActor } from "~/features/auth/audit.server";
import { formAnswer } from "~/lib/form-answer";
import { MOVE_INTENT, readMoveForm, type MoveAnswer } from "./reorder";
import { isOrderedList, moveInList } from "./reorder.server";

/**
 * Answers the post of an <OrderedList> button (see reorder.server.ts):
 * null when the post is not a move (the page's other forms), 400 when it
 * cannot be understood, 404 when the row is gone, else 200 saying where the
 * row is now, which the list announces (aria-live) and shows without
 * JavaScript too. This instance's page cache moves before the answer.
 */
export async function runMoveAction(
  db: Db,
  services: Pick<ServerServices, "pageCache">,
  actor: AuditActor,
  values: Record<string, string> | null,
): Promise<{ status: number; answer: MoveAnswer } | null> {
  if (values?.intent !== MOVE_INTENT) return null;
  const move = readMoveForm(values);
  const answer = (status: number, ok: boolean, message: string) => ({
    status,
    answer: formAnswer<string, { intent: string; target?: string; list?: string }>({
      ok,
      intent: MOVE_INTENT,
      target: move ? String(move.id) : undefined,
      list: move?.list,
      message,
    }),
  });
  if (!move || !isOrderedList(move.list)) return answer(400, false, "This form submission could not be understood.");
  const moved = await moveInList(db, { list: move.list, id: move.id, to: move.to }, actor);
  if (!moved.found) return answer(404, false, "That item is no longer in the list.");
  if (moved.changed) services.pageCache.contentChanged(moved.version);
  const where = `“${moved.label}” is now ${moved.position} of ${moved.count}.`;
  return answer(200, true, moved.changed ? `Moved and published: ${where}` : `Not moved: ${where}`);
}
