import { Link } from "react-router";
import type { BlockData } from "../../block-data.server";

/** Every provider we work with, each linking to how coverage works with them. */
export function InsuranceGrid({ providers }: { providers: NonNullable<BlockData["insurance"]> }) {
  return (
    <ul aria-label="Insurance providers" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {providers.map((p) => (
        <li key={p.path}>
          <Link
            to={p.path}
            className="grid min-h-24 place-items-center gap-2 rounded-card border border-line bg-surface p-4 text-center font-semibold text-primary-dark underline-offset-4 hover:underline"
          >
            {p.logo ? <img src={p.logo} alt="" width={120} height={40} loading="lazy" className="h-10 w-auto" /> : null}
            {p.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
