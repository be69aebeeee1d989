import { Static } from "~/document/static";
import type { SiteContent } from "~/features/content/site-content";
import type { BodyView } from "../block-data.server";
import { ContentBlockView } from "./blocks/content-block";

/**
 * A page's Markdown, rendered on the server, with its live blocks. It has no
 * interactivity of its own, so it keeps its server HTML on first load.
 */
export function PageBody({
  body,
  site,
  skipLeadingBlock = false,
}: {
  body: BodyView;
  site: SiteContent;
  skipLeadingBlock?: boolean;
}) {
  const segments = skipLeadingBlock ? body.segments.slice(1) : body.segments;
  return (
    <Static className="grid gap-8">
      {segments.map((segment, i) =>
        segment.kind === "html" ? (
          <div key={i} className="prose-page" dangerouslySetInnerHTML={{ __html: segment.html }} />
        ) : (
          <ContentBlockView key={i} name={segment.name} data={body.data} site={site} />
        ),
      )}
    </Static>
  );
}
