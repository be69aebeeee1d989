import type * as React from "react";

/** A staff page's title, what it is for, and its main actions. */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: React.ReactNode;
  actions?: React.ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div className="grid gap-2">
        <h1 className="text-3xl font-bold text-primary-dark">{title}</h1>
        {description ? <div className="max-w-prose text-muted">{description}</div> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-3">{actions}</div> : null}
    </div>
  );
}

/** What a list or chart shows when there is nothing to show, and why. */
export function EmptyState({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="grid gap-1 rounded-2xl border border-dashed border-line bg-surface p-6">
      <p className="font-semibold text-primary-dark">{title}</p>
      {children ? <div className="text-muted">{children}</div> : null}
    </div>
  );
}
