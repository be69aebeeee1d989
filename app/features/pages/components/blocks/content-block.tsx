import type { ContentBlock } from "~/features/content/blocks";
import type { SiteContent } from "~/features/content/site-content";
import type { BlockData } from "../../block-data.server";
import { CrisisHelp } from "./crisis-help";
import { GetStarted } from "./get-started";
import { InsuranceGrid } from "./insurance-grid";
import { LinkCards } from "./link-cards";
import { LocationCards } from "./location-cards";
import { TeamCards } from "./team-cards";
import { VirtualVisitLink } from "./virtual-visit-link";

/** One live block of a Markdown body (docs/content.md). */
export function ContentBlockView({
  name,
  data,
  site,
  leading = false,
}: {
  name: ContentBlock;
  data: BlockData;
  site: SiteContent;
  leading?: boolean;
}) {
  switch (name) {
    case "crisis-help":
      return <CrisisHelp leading={leading} />;
    case "treatments":
      return <LinkCards cards={data.treatments ?? []} label="Services" />;
    case "therapies":
      return <LinkCards cards={data.therapies ?? []} label="Kinds of therapy" />;
    case "insurance":
      return <InsuranceGrid providers={data.insurance ?? []} />;
    case "team":
      return <TeamCards team={data.team ?? []} />;
    case "locations":
      return <LocationCards offices={data.locations ?? []} />;
    case "virtual-visit-link":
      return <VirtualVisitLink url={site.virtualVisitUrl} phone={site.footerPhone} />;
    case "get-started":
      return <GetStarted phone={site.footerPhone} />;
  }
}
