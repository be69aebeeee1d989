import { useState, type MouseEvent, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { isHydrating } from "~/document/hydration";

/**
 * Content with no interactivity of its own. The server renders it; on the
 * page's first load the browser keeps that HTML as it is instead of hydrating
 * it (React never looks inside an element rendered with
 * dangerouslySetInnerHTML), so a long page costs a phone little script time,
 * and code for below-the-fold sections is not even downloaded. Rendered after
 * a client navigation, it is ordinary React.
 *
 * Links inside still navigate without a page reload, through one delegated
 * click handler. `data-static` marks the element, for tests and tools that
 * check which parts of a page React leaves alone.
 */
export function Static({ children, className = "contents" }: { children: ReactNode; className?: string }) {
  const navigate = useNavigate();
  const [frozen] = useState(isHydrating);

  function onClick(event: MouseEvent<HTMLDivElement>) {
    if (!frozen || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element).closest("a[href]") as HTMLAnchorElement | null;
    if (!anchor || (anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return;
    const url = new URL(anchor.href);
    if (url.origin !== window.location.origin) return;
    if (url.pathname === window.location.pathname && url.hash) return;
    event.preventDefault();
    navigate(url.pathname + url.search + url.hash);
  }

  if (frozen) {
    return (
      <div
        className={className}
        data-static=""
        onClick={onClick}
        dangerouslySetInnerHTML={{ __html: "" }}
        suppressHydrationWarning
      />
    );
  }
  return (
    <div className={className} data-static="" onClick={onClick}>
      {children}
    </div>
  );
}
