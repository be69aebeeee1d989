import type { HolidayClosure } from "~/db/schema";

const dateWords = new Intl.DateTimeFormat("en-US", {
  weekday: "long",
  month: "long",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

/** The holiday closures still to come, in words ("Thursday, November 26, 2026"). */
export function HolidayClosures({ closures }: { closures: HolidayClosure[] }) {
  if (closures.length === 0) return null;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {closures.map((c) => (
        <div key={c.date} className="contents">
          <dt className="font-semibold">
            <time dateTime={c.date}>{dateWords.format(new Date(`${c.date}T12:00:00Z`))}</time>
          </dt>
          <dd className="text-muted">{c.note ? `Closed: ${c.note}` : "Closed"}</dd>
        </div>
      ))}
    </dl>
  );
}
