import { createColumnHelper } from "@tanstack/react-table";
import { TriangleAlert } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { DataTable } from "~/components/staff/data-table";
import { cn } from "~/lib/cn";
import { leadPagePath } from "~/lib/lead-paths";
import type { InboxItem } from "../inbox-items";
import { headerSort, inboxHref, sortedBy, type InboxFilters, type InboxSort } from "../inbox-params";

const column = createColumnHelper<InboxItem>();

function Muted({ children }: { children: string }) {
  return <span className="text-muted">{children}</span>;
}

const columns = [
  column.accessor("name", {
    header: "Name",
    meta: { rowHeader: true, cellClassName: "whitespace-nowrap" },
    cell: ({ row }) => (
      <Link
        to={leadPagePath(row.original.id)}
        className="inline-flex min-h-6 items-center text-primary-dark underline underline-offset-2 hover:no-underline"
      >
        {row.original.name}
      </Link>
    ),
  }),
  column.accessor("receivedText", {
    id: "received",
    header: "Received",
    meta: { cellClassName: "whitespace-nowrap" },
    cell: ({ row }) => {
      const { waited, receivedAt, receivedText } = row.original;
      return (
        <div className="grid gap-0.5">
          <time dateTime={receivedAt}>{receivedText}</time>
          {waited ? (
            waited.late ? (
              <span className="inline-flex items-center gap-1 text-sm font-semibold text-danger">
                <TriangleAlert aria-hidden className="size-4" />
                {waited.text}, no contact yet
              </span>
            ) : (
              <span className="text-sm text-muted">{waited.text}</span>
            )
          ) : null}
        </div>
      );
    },
  }),
  column.accessor("statusText", { id: "status", header: "Status", meta: { cellClassName: "whitespace-nowrap" } }),
  column.accessor("form", { header: "Form", meta: { cellClassName: "whitespace-nowrap" } }),
  column.accessor("service", {
    header: "Service",
    meta: { cellClassName: "min-w-36" },
    cell: ({ getValue }) => getValue() ?? <Muted>Not given</Muted>,
  }),
  column.accessor("preferred", {
    header: "Prefers",
    meta: { cellClassName: "min-w-36" },
    cell: ({ getValue }) => getValue() ?? <Muted>—</Muted>,
  }),
  column.accessor("channel", {
    header: "Source",
    meta: { cellClassName: "min-w-36" },
    cell: ({ row }) => (
      <div className="grid gap-0.5">
        <span>{row.original.channel}</span>
        {row.original.campaign ? <span className="text-sm text-muted">{row.original.campaign}</span> : null}
      </div>
    ),
  }),
  column.accessor("landingPage", {
    header: "Landing page",
    meta: { cellClassName: "max-w-56 break-all" },
    cell: ({ getValue }) => getValue() ?? <Muted>Not known</Muted>,
  }),
  column.accessor("assignedTo", {
    header: "Assigned to",
    meta: { cellClassName: "whitespace-nowrap" },
    cell: ({ getValue }) => getValue() ?? <Muted>Nobody</Muted>,
  }),
];

/** The inbox's list of leads: sortable by when they came, status and name; each opens the lead. */
export function InboxTable({
  items,
  caption,
  sorting,
  empty,
}: {
  items: InboxItem[];
  caption: string;
  /** Shown instead of the table when there are no rows. */
  empty?: React.ReactNode;
  /** The view, when the headers may sort it (search results are not sorted by hand). */
  sorting?: { filters: InboxFilters; sort: InboxSort };
}) {
  return (
    <DataTable
      caption={caption}
      columns={columns}
      data={items}
      rowKey={(item) => item.id}
      stackOnPhone
      empty={empty}
      rowClassName={(item) => cn(item.waited?.late && "bg-danger-soft")}
      sort={
        sorting
          ? (id) =>
              id === "received" || id === "status" || id === "name"
                ? {
                    href: inboxHref(sorting.filters, headerSort(id, sorting.sort)),
                    current: sortedBy(id, sorting.sort),
                  }
                : undefined
          : undefined
      }
    />
  );
}
