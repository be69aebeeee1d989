import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A tiny web site on loopback with hand-written pages, each planting one kind
 * of problem the site audit must name (and one clean page that must have
 * none), for tests/integration/seo-audit-fixture-site.test.ts. Every page
 * starts from the clean page's markup and changes only what it plants.
 */

export interface FixtureSite {
  url: string;
  /** What each path plants: the problem codes the audit must report there, exactly. */
  expected: Record<string, string[]>;
  close(): Promise<void>;
}

const WORDS =
  "Our clinicians listen first, explain each step in plain words and plan care that fits your week. " +
  "Visits happen in a calm office or by secure video anywhere in the state, with evening times on weekdays. " +
  "Most insurance plans are accepted, and our front desk checks your benefits before the first visit so there are no surprises. " +
  "If you are not sure where to start, call us and we will help you choose the right clinician for what you are going through. " +
  "Appointments usually open within a week, and you can bring a family member or friend to the first session if that helps you feel at ease. " +
  "Between visits you can send a message through the secure portal, and a member of the care team answers within one working day. " +
  "Parking is free behind the building, the waiting room is quiet, and the front desk can arrange an interpreter when you ask ahead. " +
  "Evening and early-morning times fill quickly, so tell us which days suit you best when you first call.";

interface PageParts {
  title?: string[];
  description?: string[];
  canonical?: string[] | null;
  robots?: string;
  headings?: string;
  body?: string;
  jsonLd?: string[];
  social?: string;
  images?: string;
  form?: string;
}

const CLEAN_DESCRIPTION =
  "Calm, careful psychiatry and therapy for adults in Winter Park, in person or by secure video, with most insurance plans accepted and visits within a week.";

export async function startFixtureSite(): Promise<FixtureSite> {
  let origin = "";
  const abs = (path: string) => `${origin}${path}`;

  /** A page as the clean one is, with the parts given replaced. */
  function page(path: string, parts: PageParts = {}): string {
    // Each page's own title and description (30–60 and 120–156 characters), so none repeats another's.
    const titles = parts.title ?? [`Winter Park clinic fixture page ${path}`];
    const descriptions = parts.description ?? [`${CLEAN_DESCRIPTION.slice(0, 118)} — ${path}`.slice(0, 156)];
    const canonicals = parts.canonical === undefined ? [abs(path)] : (parts.canonical ?? []);
    const jsonLd = parts.jsonLd ?? [
      JSON.stringify({
        "@context": "https://schema.org",
        "@graph": [
          {
            "@type": "MedicalClinic",
            "@id": abs("/#clinic"),
            name: "Fixture Clinic",
            address: { "@type": "PostalAddress", streetAddress: "1 Main St", addressLocality: "Winter Park" },
            telephone: "407-555-0100",
            url: abs("/"),
            geo: { "@type": "GeoCoordinates", latitude: 28.6, longitude: -81.3 },
            openingHoursSpecification: [
              { "@type": "OpeningHoursSpecification", dayOfWeek: "Monday", opens: "09:00", closes: "17:00" },
            ],
          },
          {
            "@type": "BreadcrumbList",
            itemListElement: [
              { "@type": "ListItem", position: 1, name: "Home", item: abs("/") },
              { "@type": "ListItem", position: 2, name: "This page", item: abs(path) },
            ],
          },
        ],
      }),
    ];
    const social =
      parts.social ??
      `<meta property="og:title" content="Page ${path}"><meta property="og:type" content="website">` +
        `<meta property="og:image" content="${abs("/og.png")}"><meta property="og:url" content="${abs(path)}">` +
        `<meta property="og:description" content="About ${path}"><meta name="twitter:card" content="summary_large_image">`;
    return `<!doctype html><html lang="en"><head><meta charset="utf-8">
${titles.map((t) => `<title>${t}</title>`).join("")}
${descriptions.map((d) => `<meta name="description" content="${d}">`).join("")}
${canonicals.map((c) => `<link rel="canonical" href="${c}">`).join("")}
${parts.robots ? `<meta name="robots" content="${parts.robots}">` : ""}
${social}
${jsonLd.map((j) => `<script type="application/ld+json">${j}</script>`).join("")}
</head><body><header><nav><a href="/">Home</a> <a href="/clean">Clean</a></nav></header>
<main>${parts.headings ?? `<h1>Page ${path}</h1><h2>What we offer</h2><h3>Details</h3>`}
<p>${parts.body ?? WORDS}</p>${parts.images ?? `<img src="/photo.png" alt="The waiting room">`}${parts.form ?? ""}</main>
<footer><p>Fixture Clinic</p></footer></body></html>`;
  }

  const pages: Record<string, () => { status?: number; headers?: Record<string, string>; body?: string }> = {};
  const html = (body: string, status = 200, headers: Record<string, string> = {}) => ({
    status,
    headers: { "content-type": "text/html; charset=utf-8", ...headers },
    body,
  });
  const redirect = (to: string, status = 301) => ({ status, headers: { location: to } });

  // What the audit must find on each address (and nothing else there).
  const expected: Record<string, string[]> = {};
  const plant = (path: string, codes: string[], respond: () => ReturnType<(typeof pages)[string]>) => {
    expected[path] = codes;
    pages[path] = respond;
  };

  const sitemapPaths: string[] = [];
  const linkedFromHome: string[] = [];
  const listed = (path: string, { sitemap = true, linked = true } = {}) => {
    if (sitemap) sitemapPaths.push(path);
    if (linked) linkedFromHome.push(path);
    return path;
  };

  plant(listed("/clean"), [], () => html(page("/clean")));
  plant(listed("/no-title"), ["title-missing"], () => html(page("/no-title", { title: [] })));
  plant(listed("/two-titles"), ["title-multiple"], () =>
    html(
      page("/two-titles", {
        title: ["Careful Psychiatry and Therapy Two Titles | Clinic", "Another title that is long enough here"],
      }),
    ),
  );
  plant(listed("/long-title"), ["title-too-long"], () =>
    html(
      page("/long-title", {
        title: ["A title that goes on and on about psychiatry, therapy and counseling in Winter Park"],
      }),
    ),
  );
  plant(listed("/short-title"), ["title-too-short"], () => html(page("/short-title", { title: ["Therapy | Clinic"] })));
  const shared = "Psychiatry and Therapy in Winter Park for Adults | Clinic";
  plant(listed("/dup-a"), ["title-duplicate"], () => html(page("/dup-a", { title: [shared] })));
  plant(listed("/dup-b"), ["title-duplicate"], () => html(page("/dup-b", { title: [shared] })));
  plant(listed("/no-description"), ["description-missing"], () => html(page("/no-description", { description: [] })));
  plant(listed("/two-descriptions"), ["description-multiple"], () =>
    html(
      page("/two-descriptions", {
        description: [CLEAN_DESCRIPTION.slice(0, 140), `${CLEAN_DESCRIPTION.slice(0, 130)} two`],
      }),
    ),
  );
  plant(listed("/long-description"), ["description-too-long"], () =>
    html(
      page("/long-description", {
        description: [`${CLEAN_DESCRIPTION} Call today to talk with our front desk about times.`],
      }),
    ),
  );
  plant(listed("/short-description"), ["description-too-short"], () =>
    html(page("/short-description", { description: ["Therapy in Winter Park."] })),
  );
  const sharedDescription = `${CLEAN_DESCRIPTION.slice(0, 130)} — the same words.`;
  plant(listed("/dup-description-a"), ["description-duplicate"], () =>
    html(page("/dup-description-a", { description: [sharedDescription] })),
  );
  plant(listed("/dup-description-b"), ["description-duplicate"], () =>
    html(page("/dup-description-b", { description: [sharedDescription] })),
  );
  plant(listed("/no-canonical"), ["canonical-missing"], () => html(page("/no-canonical", { canonical: null })));
  plant(listed("/two-canonicals"), ["canonical-multiple"], () =>
    html(page("/two-canonicals", { canonical: [abs("/two-canonicals"), abs("/clean")] })),
  );
  // Its canonical names another page: not indexable by itself, so also a sitemap entry that cannot be found.
  plant(listed("/canonical-elsewhere"), ["canonical-elsewhere", "sitemap-not-indexable"], () =>
    html(page("/canonical-elsewhere", { canonical: [abs("/clean")] })),
  );
  plant(listed("/canonical-broken", { sitemap: false }), ["canonical-broken"], () =>
    html(page("/canonical-broken", { canonical: [abs("/gone")] })),
  );
  plant(listed("/no-h1"), ["h1-missing"], () => html(page("/no-h1", { headings: "<h2>Only a subheading</h2>" })));
  plant(listed("/two-h1"), ["h1-multiple"], () => html(page("/two-h1", { headings: "<h1>One</h1><h1>Two</h1>" })));
  plant(listed("/skipped-heading"), ["heading-skipped"], () =>
    html(page("/skipped-heading", { headings: "<h1>Top</h1><h2>Section</h2><h4>Too deep</h4>" })),
  );
  plant(listed("/thin"), ["thin-page"], () => html(page("/thin", { body: "Just a few words here." })));
  // A page whose job is a form is not thin for having few words.
  plant(listed("/form"), [], () =>
    html(
      page("/form", {
        body: "Tell us how to reach you.",
        form: `<form method="post"><label>Name <input name="n"></label></form>`,
      }),
    ),
  );
  plant(listed("/images"), ["image-missing-alt"], () =>
    html(
      page("/images", {
        images: `<img src="/a.png"><img src="/b.png" alt=""><img src="/c.png" aria-hidden="true"><img src="/d.png">`,
      }),
    ),
  );
  plant(listed("/bad-structured-data"), ["structured-data-invalid"], () =>
    html(page("/bad-structured-data", { jsonLd: ['{"@context": "https://schema.org", "@type": broken'] })),
  );
  plant(listed("/incomplete-structured-data"), ["structured-data-incomplete"], () =>
    html(
      page("/incomplete-structured-data", {
        jsonLd: [
          JSON.stringify({ "@context": "https://schema.org", "@type": "MedicalClinic", name: "No address clinic" }),
        ],
      }),
    ),
  );
  plant(listed("/article"), ["structured-data-recommended"], () =>
    html(
      page("/article", {
        jsonLd: [
          JSON.stringify({
            "@context": "https://schema.org",
            "@type": "BlogPosting",
            headline: "Sleep and mood",
            datePublished: "2026-01-01",
            author: { "@type": "Person", name: "A. Writer" },
          }),
        ],
      }),
    ),
  );
  plant(listed("/social"), ["social-incomplete"], () =>
    html(page("/social", { social: `<meta property="og:title" content="Only a title">` })),
  );
  plant(listed("/slow"), ["lcp-poor"], () => html(page("/slow")));
  plant(listed("/meh"), ["lcp-needs-improvement"], () => html(page("/meh")));
  // Few measurements: not judged.
  plant(listed("/few-visits"), [], () => html(page("/few-visits")));
  plant(listed("/orphan", { linked: false }), ["orphan-page"], () => html(page("/orphan")));
  plant(listed("/unlisted", { sitemap: false }), ["not-in-sitemap"], () => html(page("/unlisted")));
  plant(listed("/noindex-listed", { linked: false }), ["sitemap-not-indexable"], () =>
    html(page("/noindex-listed", { robots: "noindex, follow" })),
  );
  plant(listed("/private/page", { linked: false }), ["sitemap-not-indexable"], () => html(page("/private/page")));
  plant(listed("/error", { sitemap: false, linked: false }), ["page-error"], () => html("<h1>Oops</h1>", 500));
  // Links that fail: to a missing page, to a page that errs, into a loop, to a redirect to a missing page;
  // links that work through a redirect, and through a chain.
  plant(
    listed("/links"),
    ["broken-link", "broken-link", "broken-link", "broken-link", "link-redirects", "link-redirects"],
    () =>
      html(
        page("/links", {
          body: `${WORDS} <a href="/nowhere">a missing page</a> <a href="/error">a page that fails</a>
          <a href="/loop-a">a loop</a> <a href="/to-missing">a dead redirect</a>
          <a href="/old?utm_source=mail#top">an old address</a> <a href="/chain-start">a chain</a>`,
        }),
      ),
  );
  plant("/old", [], () => redirect("/clean"));
  plant("/chain-start", ["redirect-chain"], () => redirect("/chain-middle"));
  plant("/chain-middle", [], () => redirect("/clean", 302));
  plant("/loop-a", ["redirect-loop"], () => redirect("/loop-b"));
  plant("/loop-b", ["redirect-loop"], () => redirect("/loop-a"));
  plant("/to-missing", ["redirect-broken"], () => redirect("/gone"));
  plant(listed("/moved-listed", { linked: false }), ["sitemap-not-indexable"], () => redirect("/clean"));
  // Known only from the staff's redirect table (the crawl's third seed): a chain through /old.
  plant("/from-table", ["redirect-chain"], () => redirect("/old"));
  // Addresses that answer 404 carry no problem of their own: the fault is on the page that links to them.
  expected["/nowhere"] = [];
  expected["/gone"] = [];

  plant("/", [], () =>
    html(
      page("/", {
        title: ["Careful Psychiatry and Therapy in Winter Park | Clinic"],
        body: `${WORDS} ${linkedFromHome.map((p) => `<a href="${p}">${p}</a>`).join(" ")}`,
      }),
    ),
  );
  sitemapPaths.unshift("/");

  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? "/", origin).pathname;
    if (path === "/robots.txt") {
      res.writeHead(200, { "content-type": "text/plain" });
      res.end(`User-agent: *\nDisallow: /private\n\nSitemap: ${abs("/sitemap.xml")}\n`);
      return;
    }
    if (path === "/sitemap.xml") {
      res.writeHead(200, { "content-type": "application/xml" });
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${sitemapPaths
          .map((p) => `<url><loc>${abs(p)}</loc><lastmod>2026-11-01T10:00:00Z</lastmod></url>`)
          .join("")}</urlset>`,
      );
      return;
    }
    const respond = pages[path];
    if (!respond) {
      res.writeHead(404, { "content-type": "text/html" });
      res.end(page(path, { title: ["Not found"], robots: "noindex" }));
      return;
    }
    const answer = respond();
    res.writeHead(answer.status ?? 200, answer.headers ?? {});
    res.end(answer.body ?? "");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    expected,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
