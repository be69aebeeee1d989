import { noteRestoredPage, track } from "./runtime";
import { REBIND_DELAY_MS } from "./timing";

/**
 * One click listener on the document, in the capture phase, for every tel:
 * link and every link marked data-track. It sees links in server-only HTML
 * (Static sections have no React handlers on the first load) and links
 * rendered after any client navigation alike. It never calls preventDefault:
 * the call or the navigation goes ahead at once, and the requests it starts
 * use keepalive. What a phone link means (a lead, a help line) is not
 * measurement's to decide: the handler given to bindClicks says.
 */

/** Told of every click on a tel: link: the number as written and where on the page the link is. */
export type TelLinkHandler = (number: string, area: string) => void;
let onTelLink: TelLinkHandler = () => {};

/** Where on the page a link is, for the event label: never the number itself. */
export function areaOf(element: Element): string {
  const marked = element.closest<HTMLElement>("[data-track-area]");
  if (marked?.dataset.trackArea) return marked.dataset.trackArea;
  const landmark = element.closest("body > header, body > footer, footer, [role=banner], [role=contentinfo]");
  if (!landmark) return "page";
  return landmark.matches("header, [role=banner]") ? "header" : "footer";
}

/** The number of a tel: link, without the scheme or any ;ext= or ?params. */
export function telNumber(href: string): string {
  let number = href.replace(/^tel:/i, "");
  try {
    number = decodeURIComponent(number);
  } catch {
    // keep it as written
  }
  return number.split(/[;,?]/)[0].trim();
}

function onClick(event: MouseEvent) {
  if (event.button !== 0) return;
  const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>("a[href]");
  if (!link) return;
  const href = link.getAttribute("href") ?? "";
  if (/^tel:/i.test(href)) {
    onTelLink(telNumber(href), areaOf(link));
    return;
  }
  const tracked = link.dataset.track;
  if (tracked) track({ eventType: tracked, eventCategory: "engagement", eventLabel: areaOf(link) });
}

let lifecycleBound = false;

/**
 * Binds the listener (again: adding the same listener twice is a no-op, so
 * this is safe to repeat) and, once, the spec's re-check 100 ms after the
 * browser's back/forward navigation (spec §4, §9).
 */
export function bindClicks(telLinks?: TelLinkHandler) {
  if (telLinks) onTelLink = telLinks;
  document.addEventListener("click", onClick, true);
  if (lifecycleBound) return;
  lifecycleBound = true;
  const rebindSoon = () => setTimeout(bindClicks, REBIND_DELAY_MS);
  window.addEventListener("popstate", rebindSoon);
  window.addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    // Counted with the re-check, once the restored page runs normally again.
    setTimeout(() => {
      bindClicks();
      noteRestoredPage();
    }, REBIND_DELAY_MS);
  });
}
