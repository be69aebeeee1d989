import { createColumnHelper } from "@tanstack/react-table";
import { DataTable } from "~/components/staff/data-table";
import { EmptyState } from "~/components/staff/page-header";
import { StatCard } from "~/components/staff/stat-card";
import type { GenerationRow, GenerationTotals } from "../generations.server";

const column = createColumnHelper<GenerationRow>();
const count = new Intl.NumberFormat("en-US");
const when = new Intl.DateTimeFormat("en-US", {
  timeZone: "America/New_York",
  dateStyle: "medium",
  timeStyle: "short",
});
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const tokens = (n: number | null) => (n === null ? "not reported" : count.format(n));

const outcomeWords: Record<string, string> = {
  completed: "Completed",
  cancelled: "Cancelled",
  unreachable: "Endpoint unreachable",
  "timed-out": "Timed out",
  "rate-limited": "Rate-limited (429)",
  refused: "Endpoint error",
  malformed: "Malformed answer",
  "cut-off": "Cut off",
};

const columns = [
  column.accessor("startedAt", {
    header: "When",
    meta: { rowHeader: true, cellClassName: "whitespace-nowrap" },
    cell: ({ getValue }) => when.format(new Date(getValue())),
  }),
  column.accessor("who", { header: "Who", cell: ({ getValue }) => getValue() ?? "A removed account" }),
  column.accessor("kind", { header: "What", cell: ({ getValue }) => (getValue() === "draft" ? "Draft" : "Outline") }),
  column.accessor("model", { header: "Model" }),
  column.accessor("promptTokens", {
    header: "Prompt tokens",
    meta: { align: "right" },
    cell: ({ getValue }) => tokens(getValue()),
  }),
  column.accessor("completionTokens", {
    header: "Completion tokens",
    meta: { align: "right" },
    cell: ({ getValue }) => tokens(getValue()),
  }),
  column.accessor("durationMs", {
    header: "Time",
    meta: { align: "right" },
    cell: ({ getValue }) => seconds(getValue()),
  }),
  column.accessor("outcome", { header: "Outcome", cell: ({ getValue }) => outcomeWords[getValue()] ?? getValue() }),
];

/** What the generator has cost: the totals of the last 30 days and the latest requests to the model. */
export function GenerationHistory({ recent, totals }: { recent: GenerationRow[]; totals: GenerationTotals }) {
  return (
    <section aria-labelledby="generation-history" className="grid gap-4">
      <h2 id="generation-history" className="text-xl font-semibold text-primary-dark">
        Generations
      </h2>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard
          label={`Requests, last ${totals.days} days`}
          value={totals.count}
          format={count.format}
          note={`${count.format(totals.completed)} completed`}
        />
        <StatCard label="Prompt tokens" value={totals.promptTokens} format={count.format} />
        <StatCard label="Completion tokens" value={totals.completionTokens} format={count.format} />
        <StatCard label="Time waiting for the model" value={totals.durationMs} format={seconds} />
      </div>
      <DataTable
        caption="Latest generations, newest first"
        columns={columns}
        data={recent}
        rowKey={(row) => String(row.id)}
        stackOnPhone
        empty={
          <EmptyState title="No generations yet">Each outline and draft the model writes is listed here.</EmptyState>
        }
      />
    </section>
  );
}
