import { serpCut, type SerpCut, type SerpDevice } from "~/features/seo-text/serp-width";
import { cn } from "~/lib/cn";

/** "clinic.example › adhd-evaluation", as Google writes a result's address. */
function breadcrumb(pageUrl: string): string {
  const url = new URL(pageUrl);
  const parts = url.pathname.split("/").filter(Boolean).map(decodeURIComponent);
  return [url.host, ...parts].join(" › ");
}

function Measure({ what, cut }: { what: string; cut: SerpCut }) {
  return (
    <p className={cn("text-sm", cut.cut ? "text-accent-dark" : "text-muted")}>
      {what}: {cut.widthPx} of {cut.limitPx} px {cut.cut ? "— too wide: Google cuts it where the … is." : "— fits."}
    </p>
  );
}

/**
 * A Google result for the page as Google would draw it on a computer or a
 * phone: the title in Arial 20 px and the description in 14 px, each cut
 * with " …" where its width passes Google's (serpCut, after the last whole
 * word that fits), with the width against the limit underneath.
 */
export function SearchResultPreview({
  device,
  pageUrl,
  siteName,
  title,
  description,
}: {
  device: SerpDevice;
  pageUrl: string;
  siteName: string;
  title: string;
  description: string;
}) {
  const titleCut = serpCut("title", device, title);
  const descriptionCut = serpCut("description", device, description);
  const width = device === "desktop" ? "max-w-[600px]" : "max-w-[360px]";
  return (
    <figure className="grid gap-2" data-preview={`serp-${device}`}>
      <figcaption className="text-sm font-semibold text-primary-dark">
        {device === "desktop" ? "Google on a computer" : "Google on a phone"}
      </figcaption>
      <div
        className={cn("grid gap-1 rounded-xl border border-line bg-white p-4", width)}
        style={{ fontFamily: "Arial, 'Liberation Sans', sans-serif" }}
      >
        <div className="flex items-center gap-2">
          <span aria-hidden="true" className="grid size-7 place-items-center rounded-full bg-sand text-xs font-bold">
            {siteName.charAt(0)}
          </span>
          <span className="grid leading-tight">
            <span className="text-[14px] text-[#202124]">{siteName}</span>
            <span className="text-[12px] break-all text-[#4d5156]">{breadcrumb(pageUrl)}</span>
          </span>
        </div>
        <p className="text-[20px] leading-[1.3] break-words text-[#1a0dab]" data-serp="title">
          {titleCut.shown}
        </p>
        {description ? (
          <p className="text-[14px] leading-[1.58] break-words text-[#4d5156]" data-serp="description">
            {descriptionCut.shown}
          </p>
        ) : (
          <p className="text-[14px] text-[#4d5156] italic">No description: Google picks some words from the page.</p>
        )}
      </div>
      <div className="grid gap-0.5">
        <Measure what={`Title, ${title.length} characters`} cut={titleCut} />
        {description ? <Measure what={`Description, ${description.length} characters`} cut={descriptionCut} /> : null}
      </div>
    </figure>
  );
}
