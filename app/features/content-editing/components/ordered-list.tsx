import { ArrowDown, ArrowUp } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { MOVE_INTENT, type MoveAnswer } from "../reorder";

export interface OrderedRow {
  id: number;
  /** The row's words for people (a question, an insurer's name); also names its buttons for screen readers. */
  title: string;
  /** What else the row shows: a summary, Edit and Delete. */
  children?: ReactNode;
}

/**
 * An ordered content list whose rows move with Move up / Move down buttons
 * (the reordering kit; the server side is reorder.server.ts).
 *
 *   <OrderedList list="faq" label="Questions" rows={[{ id, title, children }]} answer={answer} />
 *
 * `list` is the key in ORDERED_LISTS; `answer` the page's action answer
 * (runMoveAction's), shown only when it is this list's. Each button is its
 * own form posting `intent=move&list&id&to`, so it works as a plain form
 * post without JavaScript. With it, the new position is announced in the
 * list's live region and the keyboard stays on the moved row's button (the
 * other one when the row reached an end). Buttons are 36px tall (WCAG 2.5.8
 * asks 24).
 */
export function OrderedList({
  list,
  label,
  rows,
  answer,
  action,
}: {
  list: string;
  label: string;
  rows: OrderedRow[];
  answer?: MoveAnswer;
  /** Where the forms post; the current page by default. */
  action?: string;
}) {
  const mine = answer?.intent === MOVE_INTENT && answer.list === list ? answer : undefined;
  const area = useRef<HTMLDivElement>(null);
  const lastMove = useRef<"up" | "down">("up");
  const answerId = mine?.answerId;
  useEffect(() => {
    if (!mine?.target) return;
    const row = area.current?.querySelector(`[data-row="${CSS.escape(mine.target)}"]`);
    const same = row?.querySelector<HTMLButtonElement>(`button[value="${lastMove.current}"]`);
    const other = row?.querySelector<HTMLButtonElement>(`button[value="${lastMove.current === "up" ? "down" : "up"}"]`);
    (same && !same.disabled ? same : other)?.focus();
    // Once per answer: answerId changes with every answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answerId]);

  return (
    <div ref={area} className="grid gap-3">
      {/* Always in the page, so screen readers announce what lands in it. */}
      <p
        aria-live="polite"
        role="status"
        className={
          mine?.message
            ? mine.ok
              ? "text-sm font-medium text-primary-dark"
              : "text-sm font-medium text-danger"
            : "sr-only"
        }
      >
        {mine?.message ?? ""}
      </p>
      <ol aria-label={label} className="grid gap-3">
        {rows.map((row, index) => (
          <li
            key={row.id}
            data-row={row.id}
            className="flex flex-wrap items-start justify-between gap-3 rounded-xl border border-line bg-surface p-3"
          >
            <div className="grid min-w-0 flex-1 gap-1">
              <p className="font-medium">
                <span className="text-muted">{index + 1}. </span>
                {row.title}
              </p>
              {row.children}
            </div>
            <div className="flex flex-wrap gap-2">
              {(["up", "down"] as const).map((to) => (
                <Form key={to} method="post" action={action} preventScrollReset>
                  <input type="hidden" name="intent" value={MOVE_INTENT} />
                  <input type="hidden" name="list" value={list} />
                  <input type="hidden" name="id" value={row.id} />
                  <Button
                    type="submit"
                    name="to"
                    value={to}
                    variant="outline"
                    size="sm"
                    // The visible words first in the name (WCAG 2.5.3), then which row.
                    aria-label={`${to === "up" ? "Move up" : "Move down"}: ${row.title}`}
                    disabled={to === "up" ? index === 0 : index === rows.length - 1}
                    onClick={() => {
                      lastMove.current = to;
                    }}
                  >
                    {to === "up" ? (
                      <ArrowUp aria-hidden className="size-4" />
                    ) : (
                      <ArrowDown aria-hidden className="size-4" />
                    )}
                    {to === "up" ? "Move up" : "Move down"}
                  </Button>
                </Form>
              ))}
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
