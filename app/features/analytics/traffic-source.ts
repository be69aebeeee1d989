/**
 * Where a visit came from: referrer host, source and channel, from the
 * referrer, the UTM parameters and the ad click ids of its landing page view.
 * A pure function (no I/O), so every rule is unit-tested.
 *
 * The rules follow the usual default channel grouping (GA4's, simplified):
 * click ids and paid media first, then the UTM medium, then the referrer.
 */

export const CHANNELS = [
  "Direct",
  "Organic Search",
  "Paid Search",
  "Organic Social",
  "Paid Social",
  "Email",
  "AI Assistants",
  "Display",
  "Affiliates",
  "Referral",
  "Other",
] as const;
export type Channel = (typeof CHANNELS)[number];

export type ClickIdType = "gclid" | "gbraid" | "wbraid" | "fbclid";

export interface TrafficInput {
  referrer: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  gclid?: string | null;
  gbraid?: string | null;
  wbraid?: string | null;
  fbclid?: string | null;
}

export interface TrafficSource {
  /** Host of an external referrer ("www." removed); never the path or query. */
  referrerHost: string | null;
  /** A known name ("Google", "Facebook"), else the utm_source or the referrer host. */
  source: string | null;
  channel: Channel;
  clickIdType: ClickIdType | null;
}

type Kind = "search" | "social" | "email" | "ai";

// host suffix → [name, kind]. Matched on whole labels: "google.com" matches
// "www.google.com" and "news.google.com", never "notgoogle.com".
const KNOWN_HOSTS: [string, string, Kind][] = [
  // AI assistants first: gemini.google.com must not read as Google search.
  ["chatgpt.com", "ChatGPT", "ai"],
  ["chat.openai.com", "ChatGPT", "ai"],
  ["perplexity.ai", "Perplexity", "ai"],
  ["gemini.google.com", "Gemini", "ai"],
  ["bard.google.com", "Gemini", "ai"],
  ["copilot.microsoft.com", "Copilot", "ai"],
  ["claude.ai", "Claude", "ai"],
  ["you.com", "You.com", "ai"],
  ["mail.google.com", "Gmail", "email"],
  ["outlook.live.com", "Outlook", "email"],
  ["outlook.office.com", "Outlook", "email"],
  ["mail.yahoo.com", "Yahoo Mail", "email"],
  ["bing.com", "Bing", "search"],
  ["duckduckgo.com", "DuckDuckGo", "search"],
  ["search.yahoo.com", "Yahoo", "search"],
  ["yahoo.com", "Yahoo", "search"],
  ["ecosia.org", "Ecosia", "search"],
  ["search.brave.com", "Brave Search", "search"],
  ["baidu.com", "Baidu", "search"],
  ["yandex.ru", "Yandex", "search"],
  ["yandex.com", "Yandex", "search"],
  ["facebook.com", "Facebook", "social"],
  ["fb.com", "Facebook", "social"],
  ["fb.me", "Facebook", "social"],
  ["instagram.com", "Instagram", "social"],
  ["linkedin.com", "LinkedIn", "social"],
  ["lnkd.in", "LinkedIn", "social"],
  ["t.co", "X", "social"],
  ["twitter.com", "X", "social"],
  ["x.com", "X", "social"],
  ["tiktok.com", "TikTok", "social"],
  ["youtube.com", "YouTube", "social"],
  ["youtu.be", "YouTube", "social"],
  ["pinterest.com", "Pinterest", "social"],
  ["reddit.com", "Reddit", "social"],
  ["threads.net", "Threads", "social"],
  ["nextdoor.com", "Nextdoor", "social"],
];

// utm_source values people type → [name, kind].
const KNOWN_SOURCES: Record<string, [string, Kind]> = {
  google: ["Google", "search"],
  bing: ["Bing", "search"],
  duckduckgo: ["DuckDuckGo", "search"],
  yahoo: ["Yahoo", "search"],
  ecosia: ["Ecosia", "search"],
  facebook: ["Facebook", "social"],
  fb: ["Facebook", "social"],
  meta: ["Facebook", "social"],
  instagram: ["Instagram", "social"],
  ig: ["Instagram", "social"],
  linkedin: ["LinkedIn", "social"],
  twitter: ["X", "social"],
  x: ["X", "social"],
  tiktok: ["TikTok", "social"],
  youtube: ["YouTube", "social"],
  pinterest: ["Pinterest", "social"],
  reddit: ["Reddit", "social"],
  nextdoor: ["Nextdoor", "social"],
  newsletter: ["Newsletter", "email"],
  email: ["Email", "email"],
  // ChatGPT adds utm_source=chatgpt.com to the links it cites.
  "chatgpt.com": ["ChatGPT", "ai"],
  chatgpt: ["ChatGPT", "ai"],
  openai: ["ChatGPT", "ai"],
  "perplexity.ai": ["Perplexity", "ai"],
  perplexity: ["Perplexity", "ai"],
  gemini: ["Gemini", "ai"],
  copilot: ["Copilot", "ai"],
  "claude.ai": ["Claude", "ai"],
};

const PAID = /^(cpc|ppc|paid|paidsearch|paid[-_ ]search|sem|retargeting)$/;
const PAID_SOCIAL = /^(paid[-_ ]?social|social[-_ ]?paid|cpm[-_ ]?social)$/;
const SOCIAL = /^(social|social[-_ ]network|social[-_ ]media|sm|social[-_ ]post)$/;
const EMAIL = /^(e[-_ ]?mail|newsletter)$/;
const DISPLAY = /^(display|banner|cpm|interstitial|expandable)$/;

/** The host of an http(s) URL, lower-case, without "www."; null for anything else. */
export function referrerHostOf(referrer: string | null): string | null {
  if (!referrer) return null;
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  return url.hostname.toLowerCase().replace(/^www\./, "") || null;
}

function knownHost(host: string): [string, Kind] | null {
  for (const [suffix, name, kind] of KNOWN_HOSTS) {
    if (host === suffix || host.endsWith(`.${suffix}`)) return [name, kind];
  }
  // Google has a domain per country (google.de, google.co.uk, google.com.au).
  if (/(^|\.)google\.[a-z]{2,3}(\.[a-z]{2})?$/.test(host)) return ["Google", "search"];
  return null;
}

/**
 * Classifies one landing page view. `siteHosts` are the site's own hosts
 * (PUBLIC_URL's and the request's): a referrer from one of them is internal
 * navigation, not a source.
 */
export function classifyTraffic(input: TrafficInput, siteHosts: readonly string[]): TrafficSource {
  const rawHost = referrerHostOf(input.referrer);
  const own = siteHosts.map((h) => h.toLowerCase().replace(/^www\./, ""));
  const referrerHost = rawHost && !own.includes(rawHost) ? rawHost : null;
  const medium = input.utmMedium?.trim().toLowerCase() || null;
  const utmSource = input.utmSource?.trim().toLowerCase() || null;
  const clickIdType: ClickIdType | null = input.gclid
    ? "gclid"
    : input.gbraid
      ? "gbraid"
      : input.wbraid
        ? "wbraid"
        : input.fbclid
          ? "fbclid"
          : null;

  const fromSource = utmSource ? (KNOWN_SOURCES[utmSource] ?? null) : null;
  const fromHost = referrerHost ? knownHost(referrerHost) : null;
  const known = fromSource ?? fromHost;
  const source = known?.[0] ?? utmSource ?? referrerHost;
  const kind = known?.[1] ?? null;
  const result = (channel: Channel, sourceName: string | null = source): TrafficSource => ({
    referrerHost,
    source: sourceName,
    channel,
    clickIdType,
  });

  // Google Ads click ids: only ever appended to paid clicks.
  if (clickIdType === "gclid" || clickIdType === "gbraid" || clickIdType === "wbraid") {
    return result("Paid Search", source ?? "Google");
  }
  if (medium) {
    if (PAID_SOCIAL.test(medium)) return result("Paid Social");
    if (PAID.test(medium)) {
      // Paid media on a social network (or a Meta click id) is Paid Social.
      return result(kind === "social" || clickIdType === "fbclid" ? "Paid Social" : "Paid Search");
    }
  }
  // Facebook adds fbclid to every outbound link, organic posts included.
  if (clickIdType === "fbclid") return result("Organic Social", source ?? "Facebook");
  // An assistant's citation is its own channel, whatever medium its link names.
  if (kind === "ai") return result("AI Assistants");
  if (medium) {
    if (EMAIL.test(medium)) return result("Email");
    if (SOCIAL.test(medium)) return result("Organic Social");
    if (medium === "organic") return result("Organic Search");
    if (DISPLAY.test(medium)) return result("Display");
    if (medium === "affiliate") return result("Affiliates");
    if (medium === "referral") return result("Referral");
    return result(kind ? kindChannel(kind) : "Other");
  }
  if (kind) return result(kindChannel(kind));
  if (utmSource || referrerHost) return result("Referral");
  return result("Direct", null);
}

function kindChannel(kind: Kind): Channel {
  if (kind === "ai") return "AI Assistants";
  return kind === "search" ? "Organic Search" : kind === "social" ? "Organic Social" : "Email";
}
