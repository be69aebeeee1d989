import { Link } from "react-router";

/** The places that link to an item a delete refused, each a link to its editor. */
export function LinkedFromList({ links }: { links: { label: string; href: string }[] }) {
  return (
    <div className="grid gap-1 rounded-xl border border-line bg-sand p-3 text-sm">
      <p className="font-medium">Linked from:</p>
      <ul className="list-disc pl-5">
        {links.map((link) => (
          <li key={`${link.href} ${link.label}`}>
            <Link to={link.href} className="inline-flex min-h-6 items-center text-primary underline">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
