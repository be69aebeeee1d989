import {
  closestCenter,
  DndContext,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from "@dnd-kit/core";
import { arrayMove, SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS as DndCSS } from "@dnd-kit/utilities";
import { ArrowDown, ArrowUp, GripVertical } from "lucide-react";
import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
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

const noSubscription = () => () => {};

/** False on the server and during hydration, true in the browser after it: the drag handles show only then. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * dnd-kit's own announcements are silenced: the list's live region says
 * where the row landed, from the server's answer, as for the buttons.
 */
const SILENT: Announcements = {
  onDragStart: () => undefined,
  onDragOver: () => undefined,
  onDragEnd: () => undefined,
  onDragCancel: () => undefined,
};

/**
 * An ordered content list whose rows move with Move up / Move down buttons
 * and, with JavaScript, by dragging a row's grip with a mouse, pen or
 * finger (the reordering kit; the server side is reorder.server.ts;
 * decision 0050).
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
 *
 * A drop posts the same form with `to` the 1-based position (so the same
 * action, audit entry, undo, publishing and announcement); the rows show
 * the new order until the answer comes, then the server's order (the old
 * one when it refused). The grip is for pointers only (not focusable,
 * hidden from screen readers): the Move buttons are the keyboard's and the
 * single-pointer way (WCAG 2.5.7). It appears after hydration only, as it
 * does nothing without JavaScript.
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
  const lastMove = useRef<"up" | "down" | "drag">("up");
  const answerId = mine?.answerId;
  const hydrated = useHydrated();
  // A drop posts this form: the buttons' <Form>, so the public pages' shared
  // router chunk exports nothing more for it (no useSubmit; decision 0050).
  const dropForm = useRef<HTMLFormElement>(null);
  // The order shown while a drop's post is on its way: until an answer
  // comes or the server's order changes, whichever is first.
  const serverOrder = rows.map((row) => row.id).join(",");
  const [dropped, setDropped] = useState<{ ids: number[]; answerId?: string; serverOrder: string } | null>(null);
  const pending = dropped && dropped.answerId === answerId && dropped.serverOrder === serverOrder ? dropped.ids : null;
  useEffect(() => {
    if (!mine?.target || lastMove.current === "drag") return;
    const row = area.current?.querySelector(`[data-row="${CSS.escape(mine.target)}"]`);
    const same = row?.querySelector<HTMLButtonElement>(`button[value="${lastMove.current}"]`);
    const other = row?.querySelector<HTMLButtonElement>(`button[value="${lastMove.current === "up" ? "down" : "up"}"]`);
    (same && !same.disabled ? same : other)?.focus();
    // Once per answer: answerId changes with every answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answerId]);

  const byId = new Map(rows.map((row) => [row.id, row]));
  const shown = pending
    ? pending.flatMap((id) => {
        const row = byId.get(id);
        return row ? [row] : [];
      })
    : rows;
  const ids = shown.map((row) => row.id);

  // A small distance first, so a click on the grip is not a drag.
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(Number(active.id));
    const to = ids.indexOf(Number(over.id));
    if (from < 0 || to < 0) return;
    lastMove.current = "drag";
    setDropped({ ids: arrayMove(ids, from, to), answerId, serverOrder });
    const form = dropForm.current;
    if (!form) return;
    (form.elements.namedItem("id") as HTMLInputElement).value = String(active.id);
    (form.elements.namedItem("to") as HTMLInputElement).value = String(to + 1);
    form.requestSubmit();
  };

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
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{ announcements: SILENT, screenReaderInstructions: { draggable: "" } }}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <ol aria-label={label} className="grid gap-3">
            {shown.map((row, index) => (
              <SortableRow
                key={row.id}
                row={row}
                index={index}
                count={shown.length}
                list={list}
                action={action}
                grip={hydrated}
                onMove={(to) => {
                  lastMove.current = to;
                }}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      {hydrated ? (
        <Form ref={dropForm} method="post" action={action} preventScrollReset hidden>
          <input type="hidden" name="intent" value={MOVE_INTENT} />
          <input type="hidden" name="list" value={list} />
          <input type="hidden" name="id" />
          <input type="hidden" name="to" />
        </Form>
      ) : null}
    </div>
  );
}

function SortableRow({
  row,
  index,
  count,
  list,
  action,
  grip,
  onMove,
}: {
  row: OrderedRow;
  index: number;
  count: number;
  list: string;
  action?: string;
  /** Whether to show the drag handle (after hydration). */
  grip: boolean;
  onMove: (to: "up" | "down") => void;
}) {
  const { setNodeRef, setActivatorNodeRef, listeners, transform, transition, isDragging } = useSortable({
    id: row.id,
  });
  return (
    <li
      ref={setNodeRef}
      data-row={row.id}
      // Up and down only: the row follows the pointer along the list.
      style={{ transform: DndCSS.Translate.toString(transform ? { ...transform, x: 0 } : null), transition }}
      className={`flex flex-wrap items-start justify-between gap-3 rounded-xl border border-line bg-surface p-3${
        isDragging ? " relative z-10 shadow-lg" : ""
      }`}
    >
      {/* The grip and the words together, at least 14rem wide: on a phone the buttons wrap below. */}
      <div className="flex min-w-0 flex-[1_1_14rem] gap-2">
        {grip ? (
          <span
            ref={setActivatorNodeRef}
            {...listeners}
            aria-hidden
            title={`Drag to reorder ${row.title}`}
            data-drag-handle={row.id}
            className={`-my-1 -ml-1 flex min-h-9 min-w-7 shrink-0 touch-none items-center justify-center self-stretch rounded-md text-muted hover:bg-primary-soft hover:text-primary-dark ${
              isDragging ? "cursor-grabbing" : "cursor-grab"
            }`}
          >
            <GripVertical className="size-5" />
          </span>
        ) : null}
        <div className="grid min-w-0 flex-1 gap-1">
          <p className="font-medium">
            <span className="text-muted">{index + 1}. </span>
            {row.title}
          </p>
          {row.children}
        </div>
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
              disabled={to === "up" ? index === 0 : index === count - 1}
              onClick={() => onMove(to)}
            >
              {to === "up" ? <ArrowUp aria-hidden className="size-4" /> : <ArrowDown aria-hidden className="size-4" />}
              {to === "up" ? "Move up" : "Move down"}
            </Button>
          </Form>
        ))}
      </div>
    </li>
  );
}
