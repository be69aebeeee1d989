import type { OfficeHours as Hours } from "~/db/schema";

/** Opening hours as a small definition list. */
export function OfficeHours({ hours }: { hours: Hours }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {hours.map((row) => (
        <div key={row.label} className="contents">
          <dt className="font-semibold">{row.label}</dt>
          <dd className="text-muted">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
