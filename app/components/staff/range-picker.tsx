import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { errorProps, Field, inputClass } from "~/components/ui/field";
import { cn } from "~/lib/cn";
import type { BucketSize, DateRange } from "~/lib/date-range";
import { DEFAULT_RANGE_PRESET, RANGE_PRESETS, rangePresetWords, type RangePreset } from "~/lib/date-range-presets";
import { hrefWith } from "~/lib/url-filters";

/** A custom range the page could not show: the sentence, the field it is about, what was typed. */
export interface RangeRefusal {
  problem: string;
  field: "from" | "to";
  typed: { from: string; to: string };
}

const bucketWords: Record<BucketSize, string> = { hour: "by hour", day: "by day", week: "by week", month: "by month" };

/**
 * The date range of a staff report (app/lib/date-range.ts): a link per
 * preset and a GET form for a custom pair of days, so the range lives in the
 * address and works without JavaScript; above them, the range in words
 * and the period it is compared with. `keep` holds the page's other
 * parameters (filters), carried through every link and the form.
 */
export function RangePicker({
  path,
  range,
  refused,
  notice,
  keep = {},
  presets = RANGE_PRESETS,
  className,
}: {
  /** The report's own path. */
  path: string;
  /** The range shown; null when a custom range was refused. */
  range: DateRange | null;
  refused?: RangeRefusal;
  /** Something in the address was not understood (shown as information). */
  notice?: string;
  keep?: Record<string, string>;
  presets?: readonly RangePreset[];
  className?: string;
}) {
  const current = range?.preset;
  const from = refused ? refused.typed.from : (range?.current.from ?? "");
  const to = refused ? refused.typed.to : (range?.current.to ?? "");
  const fromError = refused?.field === "from" ? refused.problem : undefined;
  const toError = refused?.field === "to" ? refused.problem : undefined;
  return (
    <section
      aria-labelledby="range-heading"
      className={cn("grid gap-4 rounded-2xl border border-line bg-surface p-4", className)}
    >
      <div className="grid gap-1">
        <h2 id="range-heading" className="text-lg font-bold text-primary-dark">
          Date range
        </h2>
        {range ? (
          <p data-range-summary>
            Showing <strong className="font-semibold">{range.current.label}</strong> ({range.name.toLowerCase()},{" "}
            {bucketWords[range.bucket]})
            {range.previous ? (
              <>
                , compared with <strong className="font-semibold">{range.previous.label}</strong> ({range.previousWords}
                ).
              </>
            ) : (
              <>, with no earlier period to compare with.</>
            )}{" "}
            <span className="text-muted">Days are the clinic&rsquo;s (Eastern time).</span>
          </p>
        ) : (
          <p>Choose a range to see the figures.</p>
        )}
        {notice ? <p className="text-sm text-muted">{notice}</p> : null}
      </div>
      <nav aria-label="Ranges">
        <ul className="flex flex-wrap gap-2">
          {presets.map((preset) => {
            const active = preset === current;
            return (
              <li key={preset}>
                <Link
                  to={hrefWith(path, { ...keep, range: preset === DEFAULT_RANGE_PRESET ? undefined : preset })}
                  aria-current={active ? "true" : undefined}
                  preventScrollReset
                  className={cn(
                    "inline-flex min-h-9 items-center rounded-full border px-3.5 text-sm font-semibold",
                    active
                      ? "border-primary bg-primary text-white"
                      : "border-line text-primary-dark hover:border-primary hover:bg-primary-soft",
                  )}
                >
                  {rangePresetWords[preset]}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <Form
        method="get"
        action={path}
        aria-label="Custom range"
        preventScrollReset
        className="flex flex-wrap items-end gap-3"
      >
        {Object.entries(keep).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {(
          [
            ["from", "First day", from, fromError],
            ["to", "Last day", to, toError],
          ] as const
        ).map(([name, label, value, error]) => (
          <Field key={name} id={`range-${name}`} label={label} error={error} className="w-44">
            <input
              id={`range-${name}`}
              name={name}
              type="date"
              // The form's values follow the range shown, also after a client navigation.
              key={`${name}-${value}`}
              defaultValue={value}
              className={inputClass}
              {...errorProps(`range-${name}`, error)}
            />
          </Field>
        ))}
        <Button type="submit" variant="secondary" size="md">
          Show this range
        </Button>
      </Form>
    </section>
  );
}
