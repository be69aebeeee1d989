import { createColumnHelper } from "@tanstack/react-table";
import { Form, Link, useNavigation } from "react-router";
import { AnswerMessage } from "~/components/form/answer-message";
import { useFormFeedback } from "~/components/form/use-form-feedback";
import { useSendingIntent } from "~/components/form/use-form-sending";
import { DataTable } from "~/components/staff/data-table";
import { EmptyState } from "~/components/staff/page-header";
import { Button, buttonVariants } from "~/components/ui/button";
import { describedBy, Field, Input, inputClass } from "~/components/ui/field";
import { ADS_BUDGETS_PATH, ADS_IMPORT_PATH } from "~/lib/ads-paths";
import type { BudgetAnswer, BudgetRow, BudgetsView } from "../ads-types";
import { shareText } from "../figures";
import { formatMoney } from "../money";
import { projectedShare } from "../pacing";
import { AdsFrame } from "./ads-frame";
import { ReportSection } from "~/components/staff/report-section";

const column = createColumnHelper<BudgetRow>();
const none = <span className="text-muted">No budget</span>;
const stateWords = {
  ahead: "Faster than the budget allows",
  "on-pace": "On pace",
  behind: "Slower than the budget allows",
  "not-started": "No figures this month yet",
} as const;

/** /admin/google-ads/budgets: a monthly budget for the account or a campaign, and how this month keeps pace. */
export function BudgetsPage({ view, answer }: { view: BudgetsView; answer?: BudgetAnswer }) {
  const money = (micros: number) => formatMoney(micros, view.currency ?? "USD");
  const columns = [
    column.accessor("scope", { header: "Budget for", meta: { rowHeader: true, cellClassName: "break-words" } }),
    column.accessor("budget", {
      header: "A month",
      meta: { align: "right" },
      cell: ({ row }) =>
        row.original.budget ? (
          <>
            {row.original.budget}
            {row.original.since ? <span className="block text-xs text-muted">{row.original.since}</span> : null}
          </>
        ) : (
          none
        ),
    }),
    column.accessor("spent", { header: "Spent so far", meta: { align: "right" } }),
    column.accessor((row) => row.pacing?.evenPaceMicros ?? null, {
      id: "even",
      header: "Even pace by then",
      meta: { align: "right" },
      cell: (c) => (c.getValue() === null ? <span className="text-muted">—</span> : money(c.getValue()!)),
    }),
    column.accessor((row) => row.pacing?.projectedMicros ?? null, {
      id: "projected",
      header: "Month at this rate",
      meta: { align: "right" },
      cell: ({ row }) => {
        const pacing = row.original.pacing;
        const share = pacing ? projectedShare(pacing) : null;
        return pacing?.projectedMicros != null && share !== null ? (
          <>
            {money(pacing.projectedMicros)} <span className="text-muted">({shareText(share)})</span>
          </>
        ) : (
          <span className="text-muted">—</span>
        );
      },
    }),
    column.accessor((row) => (row.pacing ? stateWords[row.pacing.state] : ""), {
      id: "state",
      header: "Pace",
      cell: ({ getValue, row }) =>
        row.original.pacing ? (
          <span className={row.original.pacing.state === "ahead" ? "font-semibold text-accent-dark" : undefined}>
            {getValue()}
          </span>
        ) : (
          <span className="text-muted">—</span>
        ),
    }),
  ];
  return (
    <AdsFrame
      title="Budgets"
      description={
        <p>
          Enter what you mean to spend a month, for the whole account or a campaign, and see whether this month&apos;s
          spending keeps pace. A budget holds from its month on, until you change it.
        </p>
      }
    >
      {view.currency === null ? (
        <EmptyState title="Import a report first">
          A budget is in the account&apos;s currency, which Google&apos;s campaign report says.{" "}
          <Link to={ADS_IMPORT_PATH} className="text-primary-dark underline underline-offset-2">
            Import a report
          </Link>
        </EmptyState>
      ) : (
        <>
          <BudgetForm view={view} answer={answer} />
          <ReportSection
            id="pacing"
            title={`${view.monthWords}`}
            intro={
              view.through
                ? `Spending counted through ${view.through}, the last day imported. The even pace is the budget shared evenly over the month's days; "month at this rate" is the spend so far divided by the days counted, times the days in the month. Within 10% of the even pace either way is on pace.`
                : "No campaign figures are imported for this month yet."
            }
          >
            {view.notice ? <p className="text-sm text-muted">{view.notice}</p> : null}
            <nav aria-label="Months" className="flex flex-wrap gap-3">
              <Link to={view.monthLinks.previous} className={buttonVariants({ variant: "outline", size: "sm" })}>
                Month before
              </Link>
              {view.monthLinks.next ? (
                <Link to={view.monthLinks.next} className={buttonVariants({ variant: "outline", size: "sm" })}>
                  Month after
                </Link>
              ) : null}
            </nav>
            <DataTable
              caption={`Budgets and spending, ${view.monthWords}`}
              columns={columns}
              data={view.rows}
              rowKey={(row) => row.key}
              stackOnPhone
            />
          </ReportSection>
        </>
      )}
    </AdsFrame>
  );
}

function BudgetForm({ view, answer }: { view: BudgetsView; answer?: BudgetAnswer }) {
  const busy = useSendingIntent("set") !== null;
  const settled = useNavigation().state === "idle";
  const form = useFormFeedback(answer);
  const refused = answer && !answer.ok ? answer : undefined;
  const errors = refused?.fields ?? {};
  const values = refused?.values ?? {};
  return (
    <section aria-labelledby="budget-heading" className="grid gap-4">
      <h2 id="budget-heading" className="text-xl font-bold text-primary-dark">
        Set a monthly budget
      </h2>
      <Form
        ref={form}
        method="post"
        action={`${ADS_BUDGETS_PATH}?month=${view.month}`}
        aria-labelledby="budget-heading"
        className="grid max-w-2xl gap-4"
        noValidate
        key={answer?.ok && settled ? answer.answerId : "budget"}
      >
        <AnswerMessage answer={answer} />
        <input type="hidden" name="intent" value="set" />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="budget-scope" label="For" error={errors.scope}>
            <select
              id="budget-scope"
              name="scope"
              defaultValue={values.scope ?? "account"}
              className={inputClass}
              {...describedBy("budget-scope", { error: errors.scope })}
            >
              {view.scopes.map((scope) => (
                <option key={scope.value} value={scope.value}>
                  {scope.label}
                </option>
              ))}
            </select>
          </Field>
          <Field id="budget-month" label="From the month of" error={errors.month}>
            <Input
              id="budget-month"
              name="month"
              type="month"
              defaultValue={values.month ?? view.month}
              {...describedBy("budget-month", { error: errors.month })}
            />
          </Field>
        </div>
        <Field
          id="budget-amount"
          label={`Amount a month (${view.currency})`}
          description="Leave it empty to remove the budget from that month on."
          error={errors.amount}
          className="max-w-sm"
        >
          <Input
            id="budget-amount"
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            defaultValue={values.amount ?? ""}
            {...describedBy("budget-amount", { description: true, error: errors.amount })}
          />
        </Field>
        <div>
          <Button type="submit" variant="secondary" disabled={busy}>
            {busy ? "Saving..." : "Save the budget"}
          </Button>
        </div>
      </Form>
    </section>
  );
}
