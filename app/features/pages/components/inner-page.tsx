import type { ReactNode } from "react";

/**
 * The frame of every inner page (issue 20): the site's one container, a reading
 * column kept narrow for long lines, and a side column beside it from 1024 px
 * (after it on smaller screens, so a phone reads the page first). The side is
 * usually `SideColumn` as server-made HTML (`sideHtml`, side-column-html.server.tsx);
 * the request forms give their own next steps (`side`).
 */
export function InnerPage({
  side,
  sideHtml,
  as: Main = "article",
  children,
}: {
  side?: ReactNode;
  sideHtml?: string;
  as?: "article" | "div";
  children: ReactNode;
}) {
  return (
    <div
      data-inner-page
      className="container-page grid gap-10 py-10 md:py-14 lg:grid-cols-[minmax(0,1fr)_18rem] lg:gap-12 xl:gap-16"
    >
      <Main className="grid max-w-3xl min-w-0 content-start gap-8">{children}</Main>
      {sideHtml ? (
        <div data-side-column className="grid content-start" dangerouslySetInnerHTML={{ __html: sideHtml }} />
      ) : (
        <div data-side-column className="grid content-start">
          {side}
        </div>
      )}
    </div>
  );
}
