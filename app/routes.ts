import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";
import { STAFF_AREA_PATH } from "./lib/staff-area";

/** The one route table (spec §2). Pages not built yet are simply absent: they answer 404. */
export default [
  index("routes/public/home.tsx"),

  // The JSON API (spec §7). Reads:
  route("api/site-content", "routes/api/site-content.ts"),
  route("api/treatments", "routes/api/treatments.ts"),
  route("api/insurance-providers", "routes/api/insurance-providers.ts"),
  // Writes, each through the one JSON pipeline (app/lib/json-write.server.ts):
  route("api/leads", "routes/api/leads.ts"),
  route("api/newsletter/subscribe", "routes/api/newsletter-subscribe.ts"),
  route("api/login", "routes/api/login.ts"),
  route("api/logout", "routes/api/logout.ts"),
  route("api/user", "routes/api/user.ts"),
  // Answered before React Router, where speed or independence from it matters:
  // POST /api/analytics/page-view: a beacon, thousands a second, by node:http (server/beacon-front.ts, server/api/analytics.ts)
  // POST /api/analytics/event: the same (server/beacon-front.ts, server/api/analytics.ts)
  // GET /healthz (alive) and GET /readyz (database answering): Express (server/app.ts)
  route("api/*", "routes/api/not-found.ts"),

  route("robots.txt", "routes/seo/robots-txt.ts"),
  route("sitemap.xml", "routes/seo/sitemap-xml.ts"),

  route("auth", "routes/auth/sign-in.tsx"),

  // The staff area: the layout's middleware checks every request (app/features/auth/access.ts lists who may open what).
  layout("routes/admin/layout.tsx", [
    ...prefix(STAFF_AREA_PATH.slice(1), [
      index("routes/admin/home.tsx"),
      route("audit", "routes/admin/audit.tsx"),
      route("account", "routes/admin/account.tsx"),
      route("staff", "routes/admin/staff.tsx"),
      route("lead-insights", "routes/admin/lead-insights.tsx"),
      route("lead-insights/report.csv", "routes/admin/lead-report-csv.ts"),
      route("lead-insights/leads", "routes/admin/leads.tsx"),
      route("lead-insights/leads/export", "routes/admin/leads-export.tsx"),
      route("lead-insights/leads/export.csv", "routes/admin/leads-export-csv.ts"),
      route("lead-insights/leads/:id", "routes/admin/lead.tsx"),
      route("lead-insights/settings", "routes/admin/lead-settings.tsx"),
      route("analytics", "routes/admin/analytics.tsx"),
      route("analytics/realtime", "routes/admin/analytics-realtime.tsx"),
      route("analytics/speed", "routes/admin/analytics-speed.tsx"),
      route("analytics/details/:report", "routes/admin/analytics-details.tsx"),
      route("analytics/funnel", "routes/admin/analytics-funnel.tsx"),
      route("analytics/export.csv", "routes/admin/analytics-export-csv.ts"),
      route("analytics/settings", "routes/admin/analytics-settings.tsx"),
      route("seo", "routes/admin/seo-audit.tsx"),
      route("seo/progress", "routes/admin/seo-progress.ts"),
      route("seo/pages", "routes/admin/seo-pages.tsx"),
      route("seo/pages.csv", "routes/admin/seo-pages-csv.ts"),
      route("seo/pages/detail", "routes/admin/seo-page-detail.tsx"),
      route("seo/search-console", "routes/admin/seo-search-console.tsx"),
      route("seo/search-console/import", "routes/admin/seo-search-console-import.tsx"),
      route("seo/page", "routes/admin/seo-page.tsx"),
      route("seo/redirects", "routes/admin/seo-redirects.tsx"),
      route("seo/not-found", "routes/admin/seo-not-found.tsx"),
      route("seo/not-found/export.csv", "routes/admin/seo-not-found-csv.ts"),
      route("google-ads", "routes/admin/google-ads.tsx"),
      route("google-ads/search-terms", "routes/admin/google-ads-search-terms.tsx"),
      route("google-ads/budgets", "routes/admin/google-ads-budgets.tsx"),
      route("google-ads/conversions", "routes/admin/google-ads-conversions.tsx"),
      route("google-ads/conversions/:exportId", "routes/admin/google-ads-conversion-file.ts"),
      route("google-ads/import", "routes/admin/google-ads-import.tsx"),
      route("google-ads-setup", "routes/admin/google-ads-setup.tsx"),
      route("content", "routes/admin/content.tsx"),
      route("content/team", "routes/admin/content-team.tsx"),
      route("content/team/new", "routes/admin/content-team-member.tsx", { id: "routes/admin/content-team-new" }),
      route("content/team/:id", "routes/admin/content-team-member.tsx"),
      route("content/:list", "routes/admin/content-list.tsx"),
      route("content/:list/:id", "routes/admin/content-item.tsx"),
      route("blog/generate", "routes/admin/blog-generate.tsx"),
      route("blog/generate/stream", "routes/admin/blog-generate-stream.ts"),
      // Image uploads for the blog and the site's content (JSON answers; the bytes are served at /media).
      route("images", "routes/admin/images.ts"),
      route("images/:id", "routes/admin/image.ts"),
      route("blog", "routes/admin/blog.tsx"),
      route("blog/new", "routes/admin/blog-new.tsx"),
      route("blog/preview", "routes/admin/blog-preview.ts"),
      route("blog/autosave", "routes/admin/blog-autosave.ts"),
      route("blog/:id", "routes/admin/blog-post.tsx"),
      route("*", "routes/admin/not-found.tsx"),
    ]),
  ]),

  route("thank-you", "routes/public/thank-you.tsx"),
  route("newsletter", "routes/public/newsletter.tsx"),
  route("newsletter/unsubscribe", "routes/public/newsletter-unsubscribe.tsx"),
  route("request-appointment", "routes/public/request-appointment.tsx"),
  route("get-started", "routes/public/get-started.tsx"),

  // Uploaded images' variants, by the hash of their bytes (app/features/images).
  route("media/:file", "routes/public/media.ts"),

  route("blog", "routes/public/blog.tsx"),
  route("blog/page/:page", "routes/public/blog-page.tsx"),
  route("blog/rss.xml", "routes/public/blog-rss.ts"),
  route("blog/:slug", "routes/public/blog-post.tsx"),
  route("team/:slug", "routes/public/team-member.tsx"),
  route("locations/:slug", "routes/public/location.tsx"),
  route(":slug", "routes/public/slug-page.tsx"),
  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
