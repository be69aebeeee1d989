import { Link } from "react-router";
import type { LinkCard } from "../../block-data.server";

/** Pages as cards: title, one line, a link that names where it goes. */
export function LinkCards({ cards, label }: { cards: LinkCard[]; label: string }) {
  return (
    <ul aria-label={label} className="grid gap-4 sm:grid-cols-2">
      {cards.map((card) => (
        <li key={card.path} className="grid content-start gap-2 rounded-card border border-line bg-surface p-5">
          <h3 className="text-lg font-semibold">
            <Link to={card.path} className="text-primary-dark underline-offset-4 hover:underline">
              {card.title}
            </Link>
          </h3>
          <p className="text-muted">{card.summary}</p>
        </li>
      ))}
    </ul>
  );
}
