import type * as React from "react";
import { SectionFrame } from "~/components/staff/section-frame";
import type { ViewTab } from "~/components/staff/view-tabs";
import { can } from "~/features/auth/access";
import { useStaffRoles } from "~/features/auth/use-staff-roles";
import {
  ADS_BUDGETS_PATH,
  ADS_CONVERSIONS_PATH,
  ADS_IMPORT_PATH,
  ADS_PATH,
  ADS_SEARCH_TERMS_PATH,
  ADS_SETUP_PATH,
} from "~/lib/ads-paths";

/** The ads section's views, in the order a person works through them once files are imported. */
const ADS_VIEWS = [
  { href: ADS_PATH, label: "Performance" },
  { href: ADS_SEARCH_TERMS_PATH, label: "Search terms" },
  { href: ADS_BUDGETS_PATH, label: "Budgets" },
  { href: ADS_CONVERSIONS_PATH, label: "Offline conversions" },
  { href: ADS_IMPORT_PATH, label: "Import" },
] as const satisfies readonly ViewTab[];
/** The measurement set-up: shown to those who may open it (administrators). */
const SETUP_VIEW: ViewTab = { href: ADS_SETUP_PATH, label: "Set-up" };

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
  const views = can(useStaffRoles(), "manage-staff") ? [...ADS_VIEWS, SETUP_VIEW] : ADS_VIEWS;
  return (
    <SectionFrame title={title} description={description} actions={actions} viewsLabel="Google Ads views" views={views}>
      {children}
    </SectionFrame>
  );
}
