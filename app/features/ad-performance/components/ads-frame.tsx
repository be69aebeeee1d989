import type * as React from "react";
import { SectionFrame } from "~/components/staff/section-frame";
import type { ViewTab } from "~/components/staff/view-tabs";
import {
  ADS_BUDGETS_PATH,
  ADS_CONVERSIONS_PATH,
  ADS_IMPORT_PATH,
  ADS_PATH,
  ADS_SEARCH_TERMS_PATH,
} from "~/lib/ads-paths";

/** The ads section's views, in the order a person works through them once files are imported. */
const ADS_VIEWS = [
  { href: ADS_PATH, label: "Performance" },
  { href: ADS_SEARCH_TERMS_PATH, label: "Search terms" },
  { href: ADS_BUDGETS_PATH, label: "Budgets" },
  { href: ADS_CONVERSIONS_PATH, label: "Offline conversions" },
  { href: ADS_IMPORT_PATH, label: "Import" },
] as const satisfies readonly ViewTab[];

/** Every Google Ads page: its title, what it is for, the section's views, then the page. */
export function AdsFrame({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description: React.ReactNode;
  actions?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <SectionFrame
      title={title}
      description={description}
      actions={actions}
      viewsLabel="Google Ads views"
      views={ADS_VIEWS}
    >
      {children}
    </SectionFrame>
  );
}
