/**
 * The card a link to the page makes when shared (Facebook, LinkedIn, most
 * messaging apps read the same Open Graph tags): the image, the site, the
 * title and the description. An image of ours is shown; one from another
 * site is named, not loaded (the staff area loads nothing from elsewhere).
 */
export function SocialCardPreview({
  image,
  publicOrigin,
  host,
  title,
  description,
}: {
  /** The card's image: a path of ours or an absolute URL. */
  image: string;
  publicOrigin: string;
  host: string;
  title: string;
  description: string;
}) {
  const url = image ? new URL(image, `${publicOrigin}/`) : null;
  // Ours is loaded from wherever this staff page is served (PUBLIC_URL may be the site's outside address).
  const ownPath = url && url.origin === publicOrigin ? url.pathname + url.search : null;
  return (
    <figure className="grid gap-2" data-preview="social">
      <figcaption className="text-sm font-semibold text-primary-dark">
        Shared on social media and in messages
      </figcaption>
      <div className="grid max-w-[500px] overflow-hidden rounded-xl border border-line bg-white">
        {ownPath ? (
          <img src={ownPath} alt={`The card's image, ${ownPath}`} className="aspect-[1.91/1] w-full object-cover" />
        ) : (
          <p className="grid aspect-[1.91/1] place-items-center bg-sand p-4 text-center text-sm break-all text-muted">
            {url ? `Image from ${url.host} (not shown here): ${url.href}` : "No image"}
          </p>
        )}
        <div className="grid gap-0.5 border-t border-line bg-[#f0f2f5] px-3 py-2">
          <p className="text-xs text-[#4b4f56] uppercase">{host}</p>
          <p className="line-clamp-2 font-semibold break-words text-[#1c1e21]" data-card="title">
            {title}
          </p>
          <p className="line-clamp-2 text-sm break-words text-[#4b4f56]" data-card="description">
            {description}
          </p>
        </div>
      </div>
    </figure>
  );
}
