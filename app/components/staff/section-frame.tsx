import type * as React from "react";
import { PageHeader } from "./page-header";
import { ViewTabs, type ViewTab } from "./view-tabs";

/** Every page of a staff section with views (search optimisation, Google Ads): its title, purpose, views, then the page. */
export function SectionFrame({
  title,
  description,
  actions,
  viewsLabel,
  views,
  children,
}: {
  title: string;
  description: React.ReactNode;
  actions?: React.ReactNode;
  /** Names the views' navigation ("Search optimisation views"). */
  viewsLabel: string;
  views: readonly ViewTab[];
  children: React.ReactNode;
}) {
  return (
    <div className="grid gap-8">
      <div className="grid gap-6">
        <PageHeader title={title} description={description} actions={actions} />
        <ViewTabs label={viewsLabel} views={views} />
      </div>
      {children}
    </div>
  );
}
