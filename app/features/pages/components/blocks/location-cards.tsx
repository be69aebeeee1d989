import { Link } from "react-router";
import { telHref } from "~/features/content/site-content";
import type { LocationCard } from "../../block-data.server";
import { OfficeHours } from "../office-hours";

/** Every office: address, phone, hours and a link to its page. */
export function LocationCards({ offices }: { offices: LocationCard[] }) {
  return (
    <ul aria-label="Our offices" className="grid gap-5 md:grid-cols-3">
      {offices.map((o) => (
        <li key={o.slug} className="grid content-start gap-3 rounded-card border border-line bg-surface p-5">
          <h3 className="text-lg font-semibold">
            <Link to={`/locations/${o.slug}`} className="text-primary-dark underline-offset-4 hover:underline">
              {o.name}
            </Link>
          </h3>
          <p>
            {o.street}
            <br />
            {o.city}, {o.state} {o.zip}
          </p>
          <p>
            <a
              href={telHref(o.phone)}
              className="inline-flex min-h-6 items-center font-semibold underline underline-offset-4"
            >
              {o.phone}
            </a>
          </p>
          <OfficeHours hours={o.hours} />
        </li>
      ))}
    </ul>
  );
}
