import type * as React from "react";
import { SectionFrame } from "~/components/staff/section-frame";
import type { ViewTab } from "~/components/staff/view-tabs";
import {
  SEO_NOT_FOUND_PATH,
  SEO_PAGE_SETTINGS_PATH,
  SEO_PAGES_PATH,
  SEO_PATH,
  SEO_REDIRECTS_PATH,
  SEO_SEARCH_CONSOLE_PATH,
} from "~/lib/seo-paths";

/** The search-optimisation section's views, in the order a person works through them. */
const SEO_VIEWS = [
  { href: SEO_PATH, label: "Audit" },
  { href: SEO_PAGES_PATH, label: "Pages", coversBelow: true },
  { href: SEO_PAGE_SETTINGS_PATH, label: "Page settings" },
  { href: SEO_SEARCH_CONSOLE_PATH, label: "Search Console", coversBelow: true },
  { href: SEO_REDIRECTS_PATH, label: "Redirects" },
  { href: SEO_NOT_FOUND_PATH, label: "404 monitor" },
] as const satisfies readonly ViewTab[];

/** Every search-optimisation page: its title, what it is for, the section's views, then the page. */
export function SeoFrame({
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
      viewsLabel="Search optimisation views"
      views={SEO_VIEWS}
    >
      {children}
    </SectionFrame>
  );
}
