import { Link } from "react-router";
import { InsurerMark, insurerTile } from "../insurer-mark";
import { cn } from "~/lib/cn";
import type { BlockData } from "../../block-data.server";

/** Every provider we work with, each linking to how coverage works with them; each card names its insurer once. */
export function InsuranceGrid({ providers }: { providers: NonNullable<BlockData["insurance"]> }) {
  return (
    <ul aria-label="Insurance providers" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {providers.map((p) => (
        <li key={p.path}>
          <Link to={p.path} className={cn(insurerTile, "transition-colors hover:border-primary hover:bg-primary-soft")}>
            <InsurerMark name={p.name} logo={p.logo} />
          </Link>
        </li>
      ))}
    </ul>
  );
}
