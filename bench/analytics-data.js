// The analytics dashboard benchmark's data: a year of cookieless analytics
// (visits, page views, events, web vitals, bot hits) written by the database
// itself (INSERT … SELECT over generate_series with a seeded random(), so
// every run has the same data), one month per chunk so the caller can show
// progress. Plain SQL, run through PGlite or node-postgres alike.
//
// The rows obey what ingestion gives (app/features/analytics/visit-plan.ts,
// batch-writer.server.ts, traffic-source.ts, user-agent.server.ts):
//  - a visit's pageviews and events are the counts of its rows; entry_path and
//    exit_path are its first and last page views; started_at is its first page
//    view and last_seen_at its last page view or event; is_bounce is true only
//    for one page view and no event but web vitals;
//  - no two items of a visit are 30 minutes apart or more, and a visitor's next
//    visit starts at least 30 minutes after the last one was seen;
//  - visitor ids are per UTC day (the daily salt): a visitor's visits all fall
//    in one UTC day, and ids never repeat across days;
//  - the traffic source columns are what classifyTraffic() makes of the
//    landing view's referrer, UTM parameters and click ids, and browser, version,
//    OS and device type are what ua-parser-js makes of real User-Agent strings.
// verifyAnalyticsData() checks these on the generated rows.
import UAParser from "ua-parser-js";

export const TIME_ZONE = "America/New_York";

// ---------------------------------------------------------------------------
// Catalogues. Weights are relative; each list becomes a lookup array in SQL.

/** The channel traffic-source.ts gives AI assistants (ChatGPT, Perplexity, Gemini, Copilot, Claude). */
export const AI_CHANNEL = "AI Assistants";

const BLOG = [
  "/blog/heat-hurricanes-and-holidays-seasonal-stress-in-central-florida",
  "/blog/helping-a-teen-who-seems-anxious",
  "/blog/how-to-talk-to-your-doctor-about-adhd-as-an-adult",
  "/blog/sleep-and-mood",
  "/blog/telehealth-therapy-tips-for-a-private-comfortable-session",
  "/blog/what-to-expect-at-your-first-psychiatric-evaluation",
];
const TEAM = [
  "/team/maya-ellison",
  "/team/jordan-whitfield",
  "/team/lucia-serrano",
  "/team/marcus-adeyemi",
  "/team/hannah-lindqvist",
  "/team/elena-brooks-ramirez",
];
const TREATMENTS = [
  "/psychiatric-evaluation",
  "/medication-management",
  "/anxiety-disorders",
  "/depression",
  "/adhd",
  "/individual-therapy",
  "/couples-counseling",
  "/trauma-ptsd",
  "/bipolar-disorder",
  "/ocd",
];
const INSURANCE = [
  "/aetna",
  "/avmed",
  "/cigna",
  "/florida-blue",
  "/humana",
  "/medicare",
  "/optum",
  "/unitedhealthcare",
];

/**
 * Service and condition pages, the funnel's second step in the journeys that
 * lead to a request: every treatment page and the topic pages (content/pages
 * with `section: topic`) but the crisis one, as the dashboard's funnel reads them.
 */
export const SERVICE_PAGES = [
  ...TREATMENTS,
  "/anxiety-therapy",
  "/depression-counseling",
  "/virtual-therapy",
  "/emdr-therapy",
];
export const REQUEST_PAGES = { appointment: "/request-appointment", get_started: "/get-started", hero: "/" };

const spread = (paths, weight) => paths.map((p) => [p, weight]);

/** Landing pages by kind of source: [path, weight]. */
const POOLS = {
  organic: [
    ["/", 18],
    ["/anxiety-therapy", 8],
    ["/adhd", 8],
    ["/depression-counseling", 6],
    ["/psychiatric-evaluation", 6],
    ["/medication-management", 5],
    ["/virtual-therapy", 5],
    ["/insurance", 5],
    ["/team", 3],
    ...spread(TEAM, 1),
    ...spread(BLOG, 3),
    ["/locations/winter-park", 4],
    ["/locations/orlando", 1.5],
    ["/locations/altamonte-springs", 1],
    ...spread(["/anxiety-disorders", "/depression", "/ocd", "/trauma-ptsd", "/bipolar-disorder"], 2),
    ...spread(["/couples-counseling", "/individual-therapy", "/emdr-therapy", "/stress-management"], 1.5),
    ["/psychotherapist-orlando", 2],
    ...spread(INSURANCE, 0.6),
    ["/pricing", 1],
    ["/new-patients", 1],
    ["/services", 2],
    ["/crisis-therapy", 0.5],
  ],
  direct: [
    ["/", 70],
    ["/request-appointment", 4],
    ["/services", 4],
    ["/team", 3],
    ["/insurance", 3],
    ["/virtual-visit", 3],
    ["/locations/winter-park", 3],
    ["/blog", 2],
    ["/get-started", 2],
    ["/new-patients", 2],
    ...spread(TEAM, 0.7),
  ],
  social: [
    ...spread(BLOG, 10),
    ["/", 20],
    ["/anxiety-therapy", 5],
    ["/virtual-therapy", 5],
    ["/team", 5],
    ["/blog", 5],
  ],
  referral: [
    ["/", 35],
    ...spread(TEAM, 4),
    ["/insurance", 8],
    ["/locations/winter-park", 10],
    ["/psychiatric-evaluation", 7],
    ["/new-patients", 5],
    ["/services", 10],
  ],
  email: [...spread(BLOG, 12), ["/", 15], ["/services", 5], ["/virtual-therapy", 8]],
  ai: [
    ["/services", 15],
    ["/psychiatric-evaluation", 12],
    ["/adhd", 12],
    ["/anxiety-therapy", 10],
    ["/insurance", 12],
    ["/medication-management", 8],
    ["/team", 8],
    ["/", 13],
    ["/virtual-therapy", 10],
  ],
  print: [
    ["/", 60],
    ["/new-patients", 40],
  ],
};

/** Google Ads campaigns: landing page and search terms (utm_term). */
const SEARCH_CAMPAIGNS = [
  [
    "anxiety-care",
    "/anxiety-therapy",
    ["anxiety therapist near me", "anxiety treatment orlando", "therapy for anxiety"],
  ],
  ["adhd-adults", "/adhd", ["adult adhd evaluation", "adhd psychiatrist orlando", "adhd testing near me"]],
  [
    "depression-help",
    "/depression-counseling",
    ["depression counseling", "depression therapist", "help with depression"],
  ],
  [
    "telehealth-florida",
    "/virtual-therapy",
    ["online therapy florida", "telehealth psychiatrist", "virtual therapist"],
  ],
  [
    "psychiatrist-winter-park",
    "/psychiatric-evaluation",
    ["psychiatrist winter park", "psychiatrist near me", "psychiatric evaluation"],
  ],
  [
    "medication-management",
    "/medication-management",
    ["medication management", "psychiatric medication", "adhd medication doctor"],
  ],
  ["brand", "/", ["cypress lane behavioral health", "cypress lane winter park", "cypress lane psychiatry"]],
];
const SEARCH_CONTENTS = ["rsa-a", "rsa-b", "rsa-c"];
/** Meta ads campaigns: landing page and ad names (utm_content); no terms. */
const SOCIAL_CAMPAIGNS = [
  ["spring-anxiety-awareness", "/anxiety-therapy"],
  ["telehealth-florida-social", "/virtual-therapy"],
  ["adhd-adults-social", "/adhd"],
];
const SOCIAL_CONTENTS = ["video-15s", "carousel", "static-quote"];
const EMAIL_CONTENTS = ["header-link", "article-1", "article-2"];

/**
 * Sources of a visit as its landing view arrives, and what classifyTraffic()
 * makes of them (referrerHost without "www.", source, channel, click id type).
 * `campaigns`: "search", "social" or "email" draws utm_campaign/term/content
 * (and, for ads, the landing page) per visit. `conv`: how much likelier than
 * average a visit from it is to reach the request page and send a request.
 */
const SOURCES = [
  // Organic Search: the referrer is the search engine's home page.
  { w: 30, channel: "Organic Search", source: "Google", host: "google.com", pool: "organic", conv: 1 },
  { w: 4.5, channel: "Organic Search", source: "Bing", host: "bing.com", pool: "organic", conv: 1 },
  { w: 2, channel: "Organic Search", source: "DuckDuckGo", host: "duckduckgo.com", pool: "organic", conv: 1 },
  { w: 1, channel: "Organic Search", source: "Yahoo", host: "search.yahoo.com", pool: "organic", conv: 1 },
  { w: 0.5, channel: "Organic Search", source: "Ecosia", host: "ecosia.org", pool: "organic", conv: 1 },
  // Paid Search: Google Ads (gclid, or gbraid from iOS apps) and Microsoft Ads (no click id we read).
  {
    w: 12.5,
    channel: "Paid Search",
    source: "Google",
    host: "google.com",
    utmSource: "google",
    utmMedium: "cpc",
    clickId: "gclid",
    campaigns: "search",
    conv: 2,
  },
  {
    w: 2,
    channel: "Paid Search",
    source: "Google",
    host: "google.com",
    utmSource: "google",
    utmMedium: "cpc",
    clickId: "gbraid",
    campaigns: "search",
    conv: 2,
  },
  {
    w: 1.5,
    channel: "Paid Search",
    source: "Bing",
    host: "bing.com",
    utmSource: "bing",
    utmMedium: "cpc",
    campaigns: "search",
    conv: 2,
  },
  { w: 22, channel: "Direct", pool: "direct", conv: 1.3 },
  // Referral: the source is the host itself.
  ...[
    ["psychologytoday.com", 2.5, 2],
    ["zocdoc.com", 1, 2],
    ["healthgrades.com", 0.8, 1.5],
    ["yelp.com", 0.7, 1],
    ["floridablue.com", 0.5, 1.5],
    ["orlandosentinel.com", 0.4, 0.5],
    ["nami.org", 0.3, 1],
    ["winterpark.org", 0.3, 0.8],
  ].map(([host, w, conv]) => ({ w, channel: "Referral", source: host, host, pool: "referral", conv })),
  // Organic Social: Facebook and Instagram add fbclid to every outbound link.
  {
    w: 2.2,
    channel: "Organic Social",
    source: "Facebook",
    host: "m.facebook.com",
    clickId: "fbclid",
    pool: "social",
    conv: 0.5,
  },
  {
    w: 1.2,
    channel: "Organic Social",
    source: "Instagram",
    host: "l.instagram.com",
    clickId: "fbclid",
    pool: "social",
    conv: 0.5,
  },
  { w: 0.6, channel: "Organic Social", source: "Reddit", host: "reddit.com", pool: "social", conv: 0.5 },
  { w: 0.5, channel: "Organic Social", source: "Nextdoor", host: "nextdoor.com", pool: "social", conv: 0.8 },
  { w: 0.3, channel: "Organic Social", source: "LinkedIn", host: "lnkd.in", pool: "social", conv: 0.5 },
  { w: 0.2, channel: "Organic Social", source: "X", host: "t.co", pool: "social", conv: 0.5 },
  // Paid Social: Meta ads, utm_medium=paid_social.
  {
    w: 2,
    channel: "Paid Social",
    source: "Facebook",
    host: "m.facebook.com",
    utmSource: "facebook",
    utmMedium: "paid_social",
    clickId: "fbclid",
    campaigns: "social",
    conv: 0.9,
  },
  {
    w: 1,
    channel: "Paid Social",
    source: "Instagram",
    host: "l.instagram.com",
    utmSource: "instagram",
    utmMedium: "paid_social",
    clickId: "fbclid",
    campaigns: "social",
    conv: 0.9,
  },
  // Email: the monthly newsletter (utm_campaign newsletter-YYYY-MM), and webmail links.
  {
    w: 2.2,
    channel: "Email",
    source: "Newsletter",
    utmSource: "newsletter",
    utmMedium: "email",
    campaigns: "email",
    pool: "email",
    conv: 0.8,
  },
  { w: 0.5, channel: "Email", source: "Gmail", host: "mail.google.com", pool: "email", conv: 0.8 },
  { w: 0.3, channel: "Email", source: "Outlook", host: "outlook.live.com", pool: "email", conv: 0.8 },
  // AI assistants (ChatGPT adds utm_source=chatgpt.com to its links).
  {
    w: 2.2,
    channel: AI_CHANNEL,
    source: "ChatGPT",
    host: "chatgpt.com",
    utmSource: "chatgpt.com",
    pool: "ai",
    conv: 1.4,
  },
  { w: 0.8, channel: AI_CHANNEL, source: "Perplexity", host: "perplexity.ai", pool: "ai", conv: 1.4 },
  { w: 0.5, channel: AI_CHANNEL, source: "Gemini", host: "gemini.google.com", pool: "ai", conv: 1.4 },
  { w: 0.3, channel: AI_CHANNEL, source: "Copilot", host: "copilot.microsoft.com", pool: "ai", conv: 1.4 },
  { w: 0.2, channel: AI_CHANNEL, source: "Claude", host: "claude.ai", pool: "ai", conv: 1.4 },
  // QR codes on printed flyers: an unknown medium is "Other", the source is the utm_source.
  { w: 0.5, channel: "Other", source: "qr", utmSource: "qr", utmMedium: "print", pool: "print", conv: 1 },
];
const DIRECT = SOURCES.findIndex((s) => s.channel === "Direct");

/** Real User-Agent strings and their share of visits; parsed below as user-agent.server.ts does. */
const USER_AGENTS = [
  [
    14,
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  ],
  [
    16,
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  ],
  [
    4,
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1",
  ],
  [
    9,
    "Mozilla/5.0 (Linux; Android 14; SM-S921U) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.71 Mobile Safari/537.36",
  ],
  [
    7,
    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/127.0.0.0 Mobile Safari/537.36",
  ],
  [
    4,
    "Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S911U) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36",
  ],
  [
    2.5,
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/470.0.0.35.109;FBBV/609010405;FBDV/iPhone15,2;FBMD/iPhone;FBSN/iOS;FBSV/17.5;FBSS/3;FBID/phone;FBLC/en_US;FBOP/5]",
  ],
  [
    1.5,
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 339.0.3.12.91 (iPhone15,2; iOS 17_5; en_US; en; scale=3.00; 1179x2556; 620012510)",
  ],
  [
    9,
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  ],
  [
    8,
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/127.0.0.0 Safari/537.36",
  ],
  [
    6,
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0",
  ],
  [2, "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0"],
  [
    5,
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  ],
  [
    5,
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
  ],
  [1, "Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:128.0) Gecko/20100101 Firefox/128.0"],
  [1, "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36"],
  [1, "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36"],
  [
    2.5,
    "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  ],
  [1, "Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36"],
  [
    0.5,
    "Mozilla/5.0 (Linux; Android 12; KFTRWI) AppleWebKit/537.36 (KHTML, like Gecko) Silk/126.1.1 like Chrome/126.0.6478.71 Safari/537.36",
  ],
];
export const BENCH_USER_AGENTS = USER_AGENTS.map(([, ua]) => ua);

/** ua-parser-js's reading of a User-Agent, mapped to a device type exactly as user-agent.server.ts does. */
function parseAgent(userAgent) {
  const result = new UAParser(userAgent).getResult();
  const type = result.device.type;
  const deviceType =
    type === undefined
      ? "desktop"
      : type === "mobile" || type === "wearable"
        ? "mobile"
        : type === "tablet"
          ? "tablet"
          : "other";
  return {
    browser: result.browser.name ?? null,
    browserVersion: result.browser.major ?? null,
    os: result.os.name ?? null,
    deviceType,
  };
}

/** Country (ISO 3166-1) and region (ISO 3166-2) as the IP lookup gives them; null when unknown. */
const PLACES = [
  ["US", "US-FL", 70],
  ["US", "US-GA", 3.5],
  ["US", "US-NY", 2.8],
  ["US", "US-NC", 1.8],
  ["US", "US-TX", 1.8],
  ["US", "US-NJ", 1.3],
  ["US", "US-CA", 1.3],
  ["US", "US-PA", 1],
  ["US", "US-OH", 0.9],
  ["US", "US-IL", 0.9],
  ["US", "US-MA", 0.8],
  ["US", "US-VA", 0.8],
  ["US", null, 2.8],
  ["CA", "CA-ON", 1.2],
  ["GB", "GB-ENG", 1],
  ["IN", "IN-MH", 0.8],
  ["PR", null, 0.6],
  ["MX", "MX-CMX", 0.5],
  ["PH", null, 0.5],
  ["BR", "BR-SP", 0.4],
  ["DE", "DE-BE", 0.4],
  ["CO", "CO-DC", 0.4],
  [null, null, 3],
];

/** Pages visited after the landing one, outside the request journeys. */
const BROWSE = [
  ["/", 10],
  ["/services", 8],
  ["/team", 6],
  ["/insurance", 6],
  ...spread(TEAM, 1.5),
  ["/anxiety-therapy", 5],
  ["/adhd", 5],
  ["/depression-counseling", 4],
  ["/psychiatric-evaluation", 5],
  ["/medication-management", 4],
  ["/virtual-therapy", 4],
  ["/blog", 4],
  ["/blog/page/2", 0.5],
  ...spread(BLOG, 1.5),
  ["/locations", 2],
  ["/locations/winter-park", 4],
  ["/locations/orlando", 1.5],
  ["/locations/altamonte-springs", 1],
  ...spread(
    ["/anxiety-disorders", "/depression", "/individual-therapy", "/couples-counseling", "/trauma-ptsd", "/ocd"],
    1,
  ),
  ["/bipolar-disorder", 1],
  ["/pricing", 2],
  ["/new-patients", 3],
  ["/virtual-visit", 2],
  ...spread(INSURANCE, 0.5),
  ["/request-appointment", 2],
  ["/emdr-therapy", 1],
  ["/stress-management", 1],
  ["/therapy", 1],
  ["/privacy", 0.5],
  ["/terms", 0.3],
  ["/accessibility", 0.2],
];

// Web vitals per device type (desktop, mobile, tablet): median and log-normal
// spread, in ms; CLS unitless. Mobile is slower, as on real phones.
const VITALS = {
  TTFB: { median: [320, 620, 480], sigma: 0.6 },
  FCP: { median: [850, 1650, 1250], sigma: 0.5 },
  LCP: { median: [1400, 2400, 1900], sigma: 0.55 },
  CLS: { median: [0.02, 0.05, 0.035], sigma: 1.1 },
  INP: { median: [80, 190, 140], sigma: 0.7 },
};

// Traffic rhythm: clinic-time day of week (ISO, Monday first) and hour.
const WEEKDAY = [1.15, 1.15, 1.1, 1.05, 0.9, 0.7, 0.8];
const HOUR = [
  0.25, 0.15, 0.1, 0.08, 0.08, 0.12, 0.3, 0.6, 0.9, 1.1, 1.2, 1.15, 1.1, 1.1, 1.05, 1, 0.95, 0.95, 1, 1.15, 1.2, 1.05,
  0.75, 0.45,
];

// ---------------------------------------------------------------------------
// SQL helpers

const lit = (v) => (v === null || v === undefined ? "null" : `'${String(v).replaceAll("'", "''")}'`);
const textArray = (values) => `(array[${values.map(lit).join(",")}]::text[])`;
const numArray = (values) => `(array[${values.join(",")}]::float8[])`;
const SLOTS = 2000;

/** An int array of SLOTS slots, each the 1-based index of an item, in proportion to its weight. */
function lookupArray(weights) {
  const total = weights.reduce((a, b) => a + b, 0);
  const slots = [];
  let cumulative = 0;
  weights.forEach((w, i) => {
    cumulative += w;
    const until = Math.round((cumulative / total) * SLOTS);
    while (slots.length < until) slots.push(i + 1);
  });
  return `(array[${slots.join(",")}]::int[])`;
}
/** SQL picking an item's 1-based index by weight with the uniform random `r`. */
const pick = (lookup, r) => `${lookup}[1 + floor(${r} * ${SLOTS})::int]`;

/** A pool of weighted paths as a lookup over a text array: SQL giving a path for the uniform random `r`. */
function pathPick(pool, r) {
  return `${textArray(pool.map(([p]) => p))}[${pick(lookupArray(pool.map(([, w]) => w)), r)}]`;
}

/** A standard normal from two uniforms (Box–Muller: PostgreSQL 15 has no random_normal). */
const normal = (u1, u2) => `(sqrt(-2 * ln(1 - ${u1})) * cos(2 * pi() * ${u2}))`;

// ---------------------------------------------------------------------------
// The fill

const MEAN_VISITS_PER_VISITOR_DAY = 1 + 0.12 + 2 * 0.04;
const PAGE_VIEWS_PER_VISIT = 2.5;

/**
 * The fill as a list of { label, sql } steps, run in order on one connection:
 * one per month (oldest first), then bot hits, sequences and ANALYZE.
 * `pageViews` is the approximate target (visits ≈ pageViews / 2.5);
 * `endIso` the instant the data ends (nothing later is written).
 */
export function analyticsFillSteps({ pageViews = 1_000_000, endIso, seed = 0.27, months = 12 } = {}) {
  const end = new Date(endIso);
  if (Number.isNaN(end.getTime())) throw new Error(`not an instant: ${endIso}`);
  const endLit = `timestamptz '${end.toISOString()}'`;
  const monthsBefore = (n) => {
    const d = new Date(end);
    d.setUTCMonth(d.getUTCMonth() - n);
    return d;
  };
  const start = monthsBefore(months);
  const startHour = new Date(Math.floor(start.getTime() / 3_600_000) * 3_600_000);
  const clusters = Math.round(pageViews / PAGE_VIEWS_PER_VISIT / MEAN_VISITS_PER_VISITOR_DAY);
  const yearSeconds = (end.getTime() - startHour.getTime()) / 1000;

  const agents = USER_AGENTS.map(([, ua]) => parseAgent(ua));
  const deviceIndex = (d) => (d === "mobile" ? 2 : d === "tablet" ? 3 : 1);
  const src = (field) => `${textArray(SOURCES.map((s) => s[field] ?? null))}[v.src]`;
  const poolNames = Object.keys(POOLS);

  const steps = [];
  for (let m = 0; m < months; m++) {
    const from = m === 0 ? startHour : monthsBefore(months - m);
    const to = m === months - 1 ? end : monthsBefore(months - m - 1);
    steps.push({
      label: `month ${m + 1} of ${months} (${from.toISOString().slice(0, 10)} to ${to.toISOString().slice(0, 10)})`,
      sql: monthSql({ m, from, to }),
    });
  }
  steps.push({ label: "bot hits, sequences, analyze", sql: finishSql() });
  return steps;

  function monthSql({ m, from, to }) {
    const entryPools = (t) =>
      `case ${poolNames.map((name, i) => `when ${t}.pool = ${i + 1} then ${pathPick(POOLS[name], `${t}.r_entry`)}`).join(" ")} end`;
    const searchCampaign = (t = "v") =>
      `least(${SEARCH_CAMPAIGNS.length}, 1 + floor(${t}.r_camp * ${SEARCH_CAMPAIGNS.length})::int)`;
    const socialCampaign = (t = "v") =>
      `least(${SOCIAL_CAMPAIGNS.length}, 1 + floor(${t}.r_camp * ${SOCIAL_CAMPAIGNS.length})::int)`;
    const third = (r) => `least(3, 1 + floor(${r} * 3)::int)`;
    const vital = (label) => numArray(VITALS[label].median);
    return `
select setseed(${(seed + m / 100) % 1});
drop table if exists bench_c, bench_v, bench_p, bench_e, bench_span, bench_place;

-- Visitor-days: how many start in each hour follows the clinic-time hour and
-- weekday, and grows over the year (x0.75 at the start, x1.25 at the end).
create temp table bench_c as
with hours as materialized (
  select h, (0.75 + 0.5 * extract(epoch from h - timestamptz '${startHour.toISOString()}') / ${yearSeconds})
    * ${numArray(WEEKDAY)}[extract(isodow from h at time zone '${TIME_ZONE}')::int]
    * ${numArray(HOUR)}[1 + extract(hour from h at time zone '${TIME_ZONE}')::int] as w
  from generate_series(timestamptz '${startHour.toISOString()}', ${endLit}, interval '1 hour') h
)
select row_number() over () as c, s.h + make_interval(secs => floor(random() * 3600)::int) as t0,
  random() as r_k, random() as r_agent, random() as r_place
from (
  select h, floor(${clusters} * w / (select sum(w) from hours) + random())::int as n
  from hours
  where h >= timestamptz '${from.toISOString()}' and h < timestamptz '${to.toISOString()}'
  order by h
) s, generate_series(1, s.n) g;

-- Visits: 1 to 3 per visitor-day; each with its source, journey and length.
-- Journeys: a request sent (landing, a service page, the form, the thank-you
-- page; or the home page's hero form), the form reached but not sent, or browsing.
create temp table bench_v as
select l3.*,
  case when l3.journey = 'lead' and l3.form = 'hero' then l3.n_browse + 1
       when l3.journey = 'lead' then greatest(l3.n_browse, 2) + 2
       when l3.journey = 'request' then greatest(l3.n_browse, 2) + 1
       else l3.n_browse end as n,
  case
    when l3.campaigns = 'search' then ${textArray(SEARCH_CAMPAIGNS.map(([, landing]) => landing))}[${searchCampaign("l3")}]
    when l3.campaigns = 'social' then ${textArray(SOCIAL_CAMPAIGNS.map(([, landing]) => landing))}[${socialCampaign("l3")}]
    else ${entryPools("l3")} end as entry
from (
  select l2.*,
    case when l2.r_journey < 0.022 * l2.conv then 'lead' when l2.r_journey < 0.057 * l2.conv then 'request' else 'browse' end as journey,
    case when l2.r_form < 0.35 then 'hero' when l2.r_form < 0.8 then 'appointment' else 'get_started' end as form
  from (
    select l1.*,
      (array[${agents.map((a) => deviceIndex(a.deviceType)).join(",")}]::int[])[l1.agent] as device,
      (array[${SOURCES.map((s) => (s.pool ? poolNames.indexOf(s.pool) + 1 : 0)).join(",")}]::int[])[l1.src] as pool,
      ${numArray(SOURCES.map((s) => s.conv))}[l1.src] as conv,
      ${textArray(SOURCES.map((s) => s.campaigns ?? null))}[l1.src] as campaigns
    from (
      select l0.*,
        -- Later visits of the day mostly come back directly.
        case when l0.seq > 1 and l0.r_back < 0.55 then ${DIRECT + 1} else ${pick(
          lookupArray(SOURCES.map((s) => s.w)),
          "l0.r_src",
        )} end as src,
        ${pick(lookupArray(USER_AGENTS.map(([w]) => w)), "l0.r_agent")} as agent,
        ${pick(lookupArray(PLACES.map(([, , w]) => w)), "l0.r_place")} as place,
        case when l0.r_n1 < 0.5 then 1 else 2 + least(18, floor(-ln(1 - l0.r_n2) * 2.3)::int) end as n_browse
      from (
        select c.c, c.t0, c.k, c.r_agent, c.r_place, g as seq,
          row_number() over () as v,
          ('x' || substr(md5('${seed}:${m}:' || c.c), 1, 16))::bit(64)::bigint as visitor_id,
          random() as r_back, random() as r_src, random() as r_entry, random() as r_camp, random() as r_term,
          random() as r_content, random() as r_journey, random() as r_form, random() as r_n1, random() as r_n2,
          random() as r_gap, random() as r_phone, random() as r_phone_page, random() as r_phone_area,
          random() as r_vv, random() as r_vv_page, random() as r_vv_area, random() as r_dir, random() as r_dir_page,
          random() as r_news, random() as r_news_page, random() as r_orphan, random() as r_orphan_label,
          random() as r_orphan_after
        from (select *, case when r_k < 0.84 then 1 when r_k < 0.96 then 2 else 3 end as k from bench_c) c,
          generate_series(1, c.k) g
      ) l0
    ) l1
  ) l2
) l3;

-- Page views: offsets (seconds from the visit's start) from the time spent on
-- each page, 5 s to 25 min (under the 30-minute idle limit).
create temp table bench_p as
select p.*, sum(p.dwell) over (partition by p.v order by p.i) - p.dwell as o
from (
  select v.v, v.device, i, random() as r_vital, random() as r_inp,
    case
      when i = 1 and not (v.journey = 'lead' and v.form = 'hero' and v.n = 2) then v.entry
      when v.journey = 'lead' and i = v.n then '/thank-you'
      when v.journey = 'lead' and v.form = 'hero' and i = v.n - 1 then '/'
      when v.journey = 'lead' and i = v.n - 1 then ${textArray([REQUEST_PAGES.appointment, REQUEST_PAGES.get_started])}[case when v.form = 'appointment' then 1 else 2 end]
      when v.journey = 'request' and i = v.n then case when v.r_form < 0.8 then '${REQUEST_PAGES.appointment}' else '${REQUEST_PAGES.get_started}' end
      when (v.journey = 'request' or (v.journey = 'lead' and v.form <> 'hero')) and i = 2 then ${pathPick(
        SERVICE_PAGES.map((p) => [p, 1]),
        "random()",
      )}
      else ${pathPick(BROWSE, "random()")}
    end as path,
    case when v.journey = 'lead' and v.form <> 'hero' and i = v.n - 1 then 60 + floor(random() * 300)::int
         else least(1500, greatest(5, round(40 * exp(1.0 * ${normal("random()", "random()")}))))::int end as dwell
  from bench_v v, generate_series(1, v.n) i
  order by v.v, i
) p;

-- Events, at offsets within their page's time: web vitals for most page views
-- (TTFB, FCP, LCP early; CLS and INP when the page is left), and the goals.
create temp table bench_e as
select p.v, p.o + floor(case m.label when 'TTFB' then 0.1 when 'FCP' then 0.2 when 'LCP' then 0.4 else 0.97 end * least(p.dwell, case when m.label in ('CLS','INP') then p.dwell else 10 end))::int as o,
  'web_vital' as event_type, 'performance' as event_category, m.label as event_label,
  case when m.label = 'CLS' then
         case when random() < 0.45 then 0 else least(0.5, round((${vital("CLS")}[p.device] * exp(${VITALS.CLS.sigma} * ${normal("random()", "random()")}))::numeric, 4))::float8 end
       else round(least(60000, m.boost * m.median[p.device] * exp(m.sigma * ${normal("random()", "random()")}) * case when p.path = '/' or p.path like '/blog/%' then 1.15 else 1 end))
  end as value,
  p.path
from bench_p p
cross join lateral (values
  ('TTFB', ${vital("TTFB")}, ${VITALS.TTFB.sigma}, 1),
  ('FCP', ${vital("FCP")}, ${VITALS.FCP.sigma}, 1),
  ('LCP', ${vital("LCP")}, ${VITALS.LCP.sigma}, 1),
  ('CLS', ${vital("CLS")}, ${VITALS.CLS.sigma}, 1),
  ('INP', ${vital("INP")}, ${VITALS.INP.sigma}, 1)
) m(label, median, sigma, boost)
where p.r_vital < 0.8 and (m.label <> 'INP' or p.r_inp < 0.55);

insert into bench_e
select v.v, p.o + p.dwell - 2, 'lead_submitted', 'conversion', v.form, null, p.path
from bench_v v join bench_p p on p.v = v.v and p.i = v.n - 1
where v.journey = 'lead';
insert into bench_e
select v.v, p.o + floor(p.dwell * 0.6)::int, 'phone_click', 'contact',
  case v.device when 2 then ${textArray(["sticky", "header", "page", "footer"])}[${pick(lookupArray([50, 30, 15, 5]), "v.r_phone_area")}]
    else ${textArray(["header", "page", "footer"])}[${pick(lookupArray([50, 30, 20]), "v.r_phone_area")}] end,
  null, p.path
from bench_v v join bench_p p on p.v = v.v and p.i = 1 + floor(v.r_phone_page * v.n)::int
where v.r_phone < case v.device when 2 then 0.03 when 3 then 0.015 else 0.008 end;
insert into bench_e
select v.v, p.o + floor(p.dwell * 0.5)::int, 'virtual_visit_click', 'engagement',
  ${textArray(["header", "page", "footer"])}[${pick(lookupArray([60, 30, 10]), "v.r_vv_area")}], null, p.path
from bench_v v join bench_p p on p.v = v.v and p.i = 1 + floor(v.r_vv_page * v.n)::int
where v.r_vv < 0.01;
insert into bench_e
select v.v, p.o + floor(p.dwell * 0.7)::int, 'get_directions', 'engagement', 'page', null, p.path
from bench_v v join bench_p p on p.v = v.v and p.i = 1 + floor(v.r_dir_page * v.n)::int
where v.r_dir < 0.008;
insert into bench_e
select v.v, p.o + floor(p.dwell * 0.8)::int, 'newsletter_signup', 'conversion', null, null, p.path
from bench_v v join bench_p p on p.v = v.v and p.i = 1 + floor(v.r_news_page * v.n)::int
where v.r_news < 0.003;

-- A visit lasts until its last page view or event.
create temp table bench_span as
select v, max(o) as span, count(*) filter (where kind = 'p') as pageviews, count(*) filter (where kind = 'e') as events,
  bool_or(kind = 'e' and event_type <> 'web_vital') as engaged
from (select v, o, 'p' as kind, null as event_type from bench_p union all select v, o, 'e', event_type from bench_e) x
group by v;

-- Placing each visitor-day: its visits 30 to 120 minutes apart, all within one
-- UTC day (the visitor id changes at UTC midnight) and before the end; shifted
-- earlier when they would run past, dropped in the rare case that cannot be.
create temp table bench_place as
select x.*, x.cluster_start + make_interval(secs => x.start_off) as started_at
from (
  select y.*,
    case when y.t0 + make_interval(secs => y.total) < y.limit_at then y.t0
         else y.limit_at - make_interval(secs => y.total + 1) end as cluster_start
  from (
    select z.*, max(z.start_off + z.span) over (partition by z.c) as total,
      least((date_trunc('day', z.t0 at time zone 'UTC') + interval '1 day') at time zone 'UTC', ${endLit}) as limit_at,
      date_trunc('day', z.t0 at time zone 'UTC') at time zone 'UTC' as day_start
    from (
      select v.v, v.c, v.t0, s.span,
        coalesce(sum(s.span + 1801 + floor(v.r_gap * 5400)::int) over (partition by v.c order by v.seq rows between unbounded preceding and 1 preceding), 0) as start_off
      from bench_v v join bench_span s using (v)
    ) z
  ) y
) x
where x.cluster_start >= x.day_start;

-- Visit ids in order of their start, after those already written (as ingestion's sequence gives them).
create temp table bench_ids as
select v, (select coalesce(max(id), 0) from visits) + row_number() over (order by started_at, v) as id, started_at
from bench_place;

insert into visits (id, visitor_id, started_at, last_seen_at, entry_path, exit_path, pageviews, events, is_bounce,
  referrer_host, referrer_source, channel, utm_source, utm_medium, utm_campaign, utm_term, utm_content, click_id_type,
  browser, browser_version, os, device_type, country, region)
select ids.id, v.visitor_id, ids.started_at, ids.started_at + make_interval(secs => s.span),
  first.path, last.path, s.pageviews, s.events, s.pageviews = 1 and not coalesce(s.engaged, false),
  ${src("host")}, ${src("source")}, ${src("channel")}, ${src("utmSource")}, ${src("utmMedium")},
  case v.campaigns
    when 'search' then ${textArray(SEARCH_CAMPAIGNS.map(([name]) => name))}[${searchCampaign()}]
    when 'social' then ${textArray(SOCIAL_CAMPAIGNS.map(([name]) => name))}[${socialCampaign()}]
    when 'email' then 'newsletter-' || to_char(ids.started_at at time zone '${TIME_ZONE}', 'YYYY-MM') end,
  case when v.campaigns = 'search' then ${textArray(SEARCH_CAMPAIGNS.flatMap(([, , terms]) => terms))}[(${searchCampaign()} - 1) * 3 + ${third("v.r_term")}] end,
  case v.campaigns
    when 'search' then ${textArray(SEARCH_CONTENTS)}[${third("v.r_content")}]
    when 'social' then ${textArray(SOCIAL_CONTENTS)}[${third("v.r_content")}]
    when 'email' then ${textArray(EMAIL_CONTENTS)}[${third("v.r_content")}] end,
  ${src("clickId")},
  ${textArray(agents.map((a) => a.browser))}[v.agent], ${textArray(agents.map((a) => a.browserVersion))}[v.agent],
  ${textArray(agents.map((a) => a.os))}[v.agent], ${textArray(agents.map((a) => a.deviceType))}[v.agent],
  ${textArray(PLACES.map(([country]) => country))}[v.place], ${textArray(PLACES.map(([, region]) => region))}[v.place]
from bench_v v
join bench_ids ids using (v)
join bench_span s using (v)
join bench_p first on first.v = v.v and first.i = 1
join bench_p last on last.v = v.v and last.i = v.n
order by ids.id;

insert into page_views (visit_id, occurred_at, path)
select ids.id, ids.started_at + make_interval(secs => p.o), p.path
from bench_p p join bench_ids ids using (v)
order by 2, 1;

insert into analytics_events (visit_id, occurred_at, event_type, event_category, event_label, value, path)
select ids.id, ids.started_at + make_interval(secs => e.o), e.event_type, e.event_category, e.event_label, e.value, e.path
from bench_e e join bench_ids ids using (v)
order by 2, 1;

-- A few web vitals arrive after the visit has ended (a tab left open, then
-- closed): ingestion keeps them without a visit.
insert into analytics_events (visit_id, occurred_at, event_type, event_category, event_label, value, path)
select null, o.at, 'web_vital', 'performance', o.label,
  case when o.label = 'CLS' then 0.12 when o.label = 'INP' then 240 else 2600 end, o.path
from (
  select vi.last_seen_at + make_interval(secs => 1860 + floor(v.r_orphan_after * 5400)::int) as at,
    ${textArray(["CLS", "INP", "LCP"])}[least(3, 1 + floor(v.r_orphan_label * 3)::int)] as label, vi.exit_path as path
  from bench_v v join bench_ids ids using (v) join visits vi on vi.id = ids.id
  where v.seq = v.k and v.r_orphan < 0.005
) o
where o.at < ${endLit}
order by 2;

drop table bench_c, bench_v, bench_p, bench_e, bench_span, bench_place, bench_ids;
`;
  }

  function finishSql() {
    return `
select setseed(${(seed + 0.5) % 1});
-- Bot beacons counted per hour in about 40% of the hours.
insert into analytics_bot_hits (hour, requests)
select h, 1 + floor(power(r2, 3) * 400)::int
from (
  select h, random() as r1, random() as r2
  from generate_series(timestamptz '${startHour.toISOString()}', ${endLit} - interval '1 hour', interval '1 hour') h
) x
where r1 < 0.4
on conflict (hour) do nothing;
select setval(pg_get_serial_sequence('visits', 'id'), (select coalesce(max(id), 1) from visits));
analyze visits;
analyze page_views;
analyze analytics_events;
analyze analytics_bot_hits;
`;
  }
}

// ---------------------------------------------------------------------------
// Checks

/**
 * Checks the invariants ingestion guarantees on every visit, page view and
 * event: not a sample, all of them (about 30 s on PGlite and 13 s on
 * PostgreSQL at a million page views). `query(sql)` returns the rows. Throws,
 * naming each broken rule and an example visit, when any does not hold;
 * returns counts for the report otherwise.
 */
export async function verifyAnalyticsData(query, { endIso }) {
  const end = `timestamptz '${new Date(endIso).toISOString()}'`;
  const [row] = await query(`
with pv as (
  select visit_id, count(*) as n, min(occurred_at) as first_at, max(occurred_at) as last_at,
    (array_agg(path order by occurred_at, id))[1] as entry, (array_agg(path order by occurred_at desc, id desc))[1] as exit
  from page_views group by visit_id
), ev as (
  select visit_id, count(*) as n, max(occurred_at) as last_at, bool_or(event_type <> 'web_vital') as engaged,
    min(occurred_at) as first_at
  from analytics_events where visit_id is not null group by visit_id
), checked as (
  select v.id,
    pv.n is distinct from v.pageviews as bad_pageviews,
    coalesce(ev.n, 0) <> v.events as bad_events,
    pv.entry is distinct from v.entry_path or pv.exit is distinct from v.exit_path as bad_paths,
    pv.first_at is distinct from v.started_at or coalesce(ev.first_at, v.started_at) < v.started_at as bad_start,
    greatest(pv.last_at, ev.last_at) is distinct from v.last_seen_at as bad_last_seen,
    v.is_bounce <> (v.pageviews = 1 and not coalesce(ev.engaged, false)) as bad_bounce,
    (v.started_at at time zone 'UTC')::date <> (v.last_seen_at at time zone 'UTC')::date as bad_utc_day,
    v.last_seen_at > ${end} as bad_future
  from visits v left join pv on pv.visit_id = v.id left join ev on ev.visit_id = v.id
), items as (
  select visit_id, occurred_at - lag(occurred_at) over (partition by visit_id order by occurred_at) as gap
  from (select visit_id, occurred_at from page_views union all
        select visit_id, occurred_at from analytics_events where visit_id is not null) x
), visitor_days as (
  select visitor_id, started_at, last_seen_at,
    lag(last_seen_at) over (partition by visitor_id order by started_at) as previous_last_seen,
    lag((started_at at time zone 'UTC')::date) over (partition by visitor_id order by started_at) as previous_day
  from visits
)
select
  (select count(*) from visits) as visits,
  (select count(*) from page_views) as page_views,
  (select count(*) from analytics_events) as events,
  (select count(*) from analytics_events where event_type = 'web_vital') as web_vitals,
  (select count(*) from analytics_events where visit_id is null) as events_without_visit,
  (select count(*) from analytics_events where event_type = 'lead_submitted') as leads,
  (select count(*) from analytics_bot_hits) as bot_hour_rows,
  (select round(avg(is_bounce::int), 4) from visits) as bounce_rate,
  (select count(*) from checked where bad_pageviews) as bad_pageviews,
  (select count(*) from checked where bad_events) as bad_events,
  (select count(*) from checked where bad_paths) as bad_paths,
  (select count(*) from checked where bad_start) as bad_start,
  (select count(*) from checked where bad_last_seen) as bad_last_seen,
  (select count(*) from checked where bad_bounce) as bad_bounce,
  (select count(*) from checked where bad_utc_day) as bad_utc_day,
  (select count(*) from checked where bad_future) as bad_future,
  (select min(id) from checked where bad_pageviews or bad_events or bad_paths or bad_start or bad_last_seen or bad_bounce or bad_utc_day or bad_future) as example_visit,
  (select count(*) from page_views p where not exists (select 1 from visits v where v.id = p.visit_id)) as orphan_page_views,
  (select count(*) from items where gap >= interval '30 minutes') as idle_gaps,
  (select count(*) from visitor_days where previous_last_seen is not null
     and (started_at - previous_last_seen < interval '30 minutes' or previous_day <> (started_at at time zone 'UTC')::date)) as bad_visitor_days,
  (select count(*) from analytics_events where occurred_at > ${end}) as future_events,
  (select count(*) from analytics_events where event_type = 'web_vital' and (event_category <> 'performance'
     or event_label not in ('LCP','INP','CLS','FCP','TTFB') or value is null or value < 0
     or (event_label = 'CLS' and value > 0.5) or (event_label <> 'CLS' and value <> round(value)))) as bad_vitals,
  (select count(*) from analytics_events where (event_type = 'lead_submitted' and (event_category <> 'conversion' or event_label not in ('hero','appointment','get_started')))
     or (event_type = 'phone_click' and event_label not in ('header','footer','page','sticky'))) as bad_goal_labels,
  (select count(*) from analytics_bot_hits where hour <> date_trunc('hour', hour) or requests < 1) as bad_bot_hits
`);
  const counts = Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v === null ? null : Number(v)]));
  const broken = Object.entries(counts).filter(
    ([key, value]) =>
      (key.startsWith("bad_") ||
        ["orphan_page_views", "idle_gaps", "future_events"].includes(key) ||
        key === "example_visit") &&
      value,
  );
  if (broken.length > 0 || counts.visits === 0) {
    throw new Error(
      `the generated analytics data breaks ingestion's rules: ${broken.map(([k, v]) => `${k}=${v}`).join(", ") || "no visits"}`,
    );
  }
  return {
    visits: counts.visits,
    pageViews: counts.page_views,
    events: counts.events,
    webVitals: counts.web_vitals,
    eventsWithoutVisit: counts.events_without_visit,
    leads: counts.leads,
    botHourRows: counts.bot_hour_rows,
    bounceRate: counts.bounce_rate,
  };
}
