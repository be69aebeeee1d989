import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffRoles, type StaffRole } from "~/db/schema";
import { can, staffPageFor } from "~/features/auth/access";
import routes from "~/routes";
import { clonePostgresTemplate, copyPgliteTemplate, browserDatabaseKinds } from "../setup/database";
import { metaContents } from "../setup/html";
import { startServer, type TestServer } from "../setup/server";
import { HERO_LEAD, postLead } from "../setup/leads";
import { addStaffTo, signInCookie } from "../setup/staff";

/**
 * Every page of the staff area, taken from the route table when the test
 * runs (pages added later are checked without touching this file), asked
 * for as a document and as React Router's data request, by nobody, by a
 * staff member and by an administrator.
 */
interface AdminRoute {
  /** The route's full path pattern, e.g. "admin/leads/:id". */
  pattern: string;
  /** A path to request, params and splats filled with sample values. */
  path: string;
  /** A param had to be made up: the page may say it does not exist (404) or refuse the value (400). */
  madeUp: boolean;
  /** A resource route (a .ts module: a download, no page), answering with a file rather than the staff frame. */
  resource: boolean;
}

function adminRoutes(entries: RouteConfigEntry[], parent = ""): AdminRoute[] {
  const found: AdminRoute[] = [];
  for (const entry of entries) {
    const pattern = [parent, entry.path ?? ""].filter(Boolean).join("/");
    if ((pattern === "admin" || pattern.startsWith("admin/")) && (entry.index || !entry.children?.length)) {
      const segments = pattern
        .split("/")
        .filter((s) => !(s.startsWith(":") && s.endsWith("?")))
        .map((s) => (s === "*" ? "not-a-page" : s.startsWith(":") ? "1" : s));
      found.push({
        pattern,
        path: `/${segments.join("/")}`,
        madeUp: /(^|\/)[:*]/.test(pattern),
        resource: entry.file.endsWith(".ts"),
      });
    }
    if (entry.children) found.push(...adminRoutes(entry.children, pattern));
  }
  return found;
}

/** Routes answered with a file, not a page (no frame, no robots meta; a refusal in plain words). */
const isFile = (route: AdminRoute) => route.resource;
/** Resource routes that only take a POST (the blog editor's preview and autosave): a GET is 405. */
const POST_ONLY = new Set(["admin/blog/preview", "admin/blog/autosave"]);
/** Where someone with lead details must find the patient (the walk reaches real data, not an empty shell). */
const SHOWS_THE_PATIENT = new Set(["admin/lead-insights/leads/:id", "admin/lead-insights/leads/export.csv"]);
/** What a file route needs in its query to answer 200 to someone allowed (the export's columns). */
const SAMPLE_QUERIES: Record<string, string> = {
  "admin/lead-insights/leads/export.csv": "?columns=received,firstName,lastName,email,phone",
  "admin/analytics/export.csv": "?report=channel",
  // One address's facts in the site audit: the page asks which (before any audit it says there is none yet).
  "admin/seo/pages/detail": "?path=%2F",
};
/** Params the walk fills with something real once it exists (the patient's lead). */
const live: { leadId?: string } = {};
const LIVE_PARAMS: Record<string, () => string | undefined> = {
  "admin/lead-insights/leads/:id": () => live.leadId && `/admin/lead-insights/leads/${live.leadId}`,
  // A real breakdown: the details of the channels.
  "admin/analytics/details/:report": () => "/admin/analytics/details/channel",
};

const ADMIN_ROUTES = adminRoutes(routes).map((route) =>
  route.pattern in LIVE_PARAMS ? { ...route, madeUp: false } : route,
);

/** The address the walk asks for a route: its real lead, or its sample path and query. */
const urlFor = (route: AdminRoute) =>
  LIVE_PARAMS[route.pattern]?.() ?? `${route.path}${SAMPLE_QUERIES[route.pattern] ?? ""}`;
/** React Router's data request for a path (future.v8_trailingSlashAwareDataRequests: /admin/ is /admin/_.data). */
const dataPath = (path: string) => `${path}.data`;

/** One account per role (decision 0025), each holding that role alone. */
const PEOPLE: Record<StaffRole, { name: string; email: string; roles: StaffRole[] }> = {
  admin: { name: "Avery Adminton", email: "avery.adminton@clinic.example", roles: ["admin"] },
  intake: { name: "Sam Stafford", email: "sam.stafford@clinic.example", roles: ["intake"] },
  marketing: { name: "Mo Marketer", email: "mo.marketer@clinic.example", roles: ["marketing"] },
  clinician: { name: "Cleo Clinician", email: "cleo.clinician@clinic.example", roles: ["clinician"] },
};
const ADMIN = PEOPLE.admin;
const STAFF = PEOPLE.intake;
const LEAD = {
  firstName: "Quentin",
  lastName: "Leakcheck",
  email: "quentin.leakcheck@example.com",
  phone: "407-555-0199",
};
/** A lead as a person: only roles with lead details may ever see any of it. */
const LEAD_DETAILS = [LEAD.firstName, LEAD.lastName, LEAD.email, LEAD.phone, "Quentin L."];
/** Words that may only ever appear in a response to a signed-in person allowed to see the page. */
const PRIVATE = [
  ...Object.values(PEOPLE).flatMap((person) => [person.name, person.email]),
  LEAD.lastName,
  LEAD.email,
  "Signed in as",
];

function expectNothingPrivate(body: string, where: string, allowed: string[] = []) {
  for (const word of PRIVATE.filter((w) => !allowed.includes(w))) {
    expect(body, `${where} shows "${word}"`).not.toContain(word);
  }
}

/** Where a signed-out request for `path` must be sent: /auth, and back to the page afterwards. */
const signInLocation = (path: string) => (path === "/admin" ? "/auth" : `/auth?redirectTo=${encodeURIComponent(path)}`);

/** What a role should get for a path, from access.ts: the page, 403, or 404 for an address no page governs. */
function expectedFor(roles: readonly StaffRole[], path: string): 200 | 403 | 404 {
  const page = staffPageFor(path);
  if (!page) return 404;
  return can(roles, page.permission) ? 200 : 403;
}

describe.each(browserDatabaseKinds("pglite"))("staff area access on %s", (kind) => {
  let server: TestServer;
  let cookies: Record<StaffRole, string> & { staff: string };
  beforeAll(async () => {
    const dataDir = copyPgliteTemplate("staff-access");
    const databaseUrl = kind === "postgres" ? await clonePostgresTemplate() : undefined;
    await addStaffTo(databaseUrl ? { databaseUrl } : { dataDir }, Object.values(PEOPLE));
    server = await startServer({ dataDir, env: databaseUrl ? { DATABASE_URL: databaseUrl } : {} });
    const signedIn = Object.fromEntries(
      await Promise.all(staffRoles.map(async (role) => [role, await signInCookie(server.url, PEOPLE[role].email)])),
    ) as Record<StaffRole, string>;
    cookies = { ...signedIn, staff: signedIn.intake };
    // A patient's request, the kind of thing staff pages show; its own page is walked too.
    expect((await postLead(server.url, { ...HERO_LEAD, ...LEAD })).status).toBe(201);
    const inbox = await (await get("/admin/lead-insights/leads", cookies.admin)).text();
    live.leadId = /href="\/admin\/lead-insights\/leads\/([0-9a-f-]{36})"/.exec(inbox)?.[1];
    expect(live.leadId).toBeDefined();
  });
  afterAll(async () => {
    await server?.stop();
  });

  const get = (path: string, cookie?: string) =>
    fetch(`${server.url}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });

  it("finds the staff area's pages in the route table", () => {
    const patterns = ADMIN_ROUTES.map((r) => r.pattern);
    expect(patterns).toContain("admin");
    // The catch-all answers unknown staff addresses (after the sign-in check).
    expect(patterns).toContain("admin/*");
    expect(ADMIN_ROUTES.find((r) => r.pattern === "admin/*")!.path).toBe("/admin/not-a-page");
  });

  describe("signed out", () => {
    it.each(ADMIN_ROUTES.map((r) => [r.path, r] as const))(
      "%s: the document redirects to /auth and back, showing nothing",
      async (path) => {
        for (const cookie of [undefined, "__session=not-a-session", "__session=InN0YWxlIg%3D%3D"]) {
          const res = await get(path, cookie);
          expect([302, 303], `${path} with ${cookie}`).toContain(res.status);
          expect(res.headers.get("location")).toBe(signInLocation(path));
          expect(res.headers.get("x-cache")).toBeNull();
          expect(res.headers.get("cache-control")).toBe("no-store");
          expect(res.headers.get("x-robots-tag")).toBe("noindex");
          expectNothingPrivate(await res.text(), path);
        }
      },
    );

    it.each(ADMIN_ROUTES.map((r) => [dataPath(r.path), r] as const))(
      "%s: the data request answers with the redirect to /auth only",
      async (path, route) => {
        const res = await get(path);
        const body = await res.text();
        if (res.status === 401 || res.status === 403) {
          expectNothingPrivate(body, path);
          return;
        }
        // Single fetch says "redirect" in its own body (202), so the client router follows it.
        expect(res.status).toBe(202);
        expect(body).toContain('"SingleFetchRedirect"');
        expect(body).toContain(JSON.stringify(signInLocation(route.path)));
        expect(body).not.toMatch(/routes\/admin\/[\w-]+",\{"_\d+":\d+/); // no route's data
        expectNothingPrivate(body, path);
      },
    );

    it.each(ADMIN_ROUTES.map((r) => [r.path] as const))("%s: a form post is refused too", async (path) => {
      const res = await fetch(`${server.url}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "intent=anything",
      });
      expect([302, 303, 401, 403]).toContain(res.status);
      if (res.status < 400) expect(res.headers.get("location")).toMatch(/^\/auth/);
      expectNothingPrivate(await res.text(), `POST ${path}`);
    });

    it.each(["/ADMIN", "/Admin/not-a-page", "/admin/", "//admin", "/admin%2Fnot-a-page", "/admin/..%2F..%2Fadmin"])(
      "%s (another spelling of a staff address) shows nothing",
      async (path) => {
        const res = await get(path);
        expect(res.status).not.toBe(200);
        expect(res.status).toBeLessThan(500);
        if (res.status >= 300 && res.status < 400 && res.status !== 301) {
          expect(res.headers.get("location")).toMatch(/^\/auth/);
        }
        expectNothingPrivate(await res.text(), path);
      },
    );

    it("sends a data request back to the page it was for, without React Router's route list", async () => {
      // A client navigation asks /admin/x.data?_routes=…; the address to return to is the page's.
      const res = await get("/admin/not-a-page.data?_routes=routes%2Fadmin%2Fnot-found&tab=2");
      const body = await res.text();
      expect(body).toContain(JSON.stringify(`/auth?redirectTo=${encodeURIComponent("/admin/not-a-page?tab=2")}`));
      expect(body).not.toContain("_routes");
      // And /auth never sends anyone on to a data request's list, whoever built the link.
      const back = await get(
        `/auth?redirectTo=${encodeURIComponent("/admin/not-a-page?_routes=routes/admin/layout&tab=2")}`,
        cookies.staff,
      );
      expect(back.status).toBe(302);
      expect(back.headers.get("location")).toBe("/admin/not-a-page?tab=2");
    });

    it("GET /api/user is 401 with a sentence", async () => {
      const res = await get("/api/user");
      expect(res.status).toBe(401);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(await res.json()).toEqual({ error: expect.stringMatching(/not signed in/i) });
    });
  });

  describe.each(staffRoles)("signed in as %s", (role) => {
    const me = PEOPLE[role];
    const other = role === "admin" ? STAFF : ADMIN;
    const leadDetails = can(me.roles, "lead-details");

    it.each(ADMIN_ROUTES.map((r) => [r.path, r] as const))("%s answers as access.ts says", async (_path, route) => {
      const url = urlFor(route);
      const [path, query = ""] = url.split(/(?=\?)/);
      const allowed = expectedFor(me.roles, path!);
      const expected = allowed === 200 && POST_ONLY.has(route.pattern) ? 405 : allowed;
      // A file has no data request of its own: the client router never asks one.
      for (const asked of isFile(route) ? [url] : [url, `${dataPath(path!)}${query}`]) {
        const res = await get(asked, cookies[role]);
        const body = await res.text();
        if (expected === 200 && route.madeUp) {
          expect([200, 400, 404], asked).toContain(res.status);
        } else {
          expect(res.status, asked).toBe(expected);
        }
        // Never kept by a browser, a proxy or the page cache; never indexed.
        expect(res.headers.get("cache-control"), asked).toBe("no-store");
        expect(res.headers.get("x-robots-tag"), asked).toBe("noindex");
        expect(res.headers.get("x-cache"), asked).toBeNull();
        const page = asked === url && !isFile(route);
        if (expected === 403) {
          expect(body).toMatch(page ? /You do not have access to this page/ : /does not have access to this page/);
          // Refused before any loader ran: not even the other account's name or the patient's.
          expectNothingPrivate(body, asked, [me.name, me.email, "Signed in as"]);
        }
        if (expected === 404 && page) {
          expect(body).toContain("There is no staff page at this address.");
          expect(body).not.toContain(other.email);
        }
        if (res.status === 200 && page) {
          expect(body).toContain("Signed in as");
          expect(body).toContain(me.name);
        }
        // The patient's own page and the export show the patient to those allowed (the walk reaches real data).
        if (res.status === 200 && leadDetails && SHOWS_THE_PATIENT.has(route.pattern)) {
          expect(body, asked).toContain(LEAD.email);
        }
        // Minimum necessary: without lead details, nothing of the patient's request in any answer.
        if (!leadDetails) {
          for (const word of LEAD_DETAILS) expect(body, `${asked} as ${role} shows "${word}"`).not.toContain(word);
        }
        if (page) expect(metaContents(body, "robots"), asked).toEqual(["noindex"]);
      }
    });

    const refused = ADMIN_ROUTES.filter((r) => !isFile(r) && expectedFor(me.roles, r.path) === 403);
    if (refused.length > 0) {
      it.each(refused.map((r) => [r.path, r] as const))("%s: a form post is refused (403)", async (_path, route) => {
        const url = urlFor(route);
        const res = await fetch(`${server.url}${url}`, {
          method: "POST",
          redirect: "manual",
          headers: { cookie: cookies[role], "content-type": "application/x-www-form-urlencoded", origin: server.url },
          body: "intent=note&text=anything&version=1",
        });
        expect(res.status, url).toBe(403);
        expectNothingPrivate(await res.text(), `POST ${url}`, [me.name, me.email, "Signed in as"]);
      });
    }

    it("GET /api/user answers with exactly my roles, and the staff API nothing of a patient's request", async () => {
      const res = await get("/api/user", cookies[role]);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-store");
      const text = await res.text();
      expect(JSON.parse(text)).toMatchObject({ name: me.name, email: me.email, roles: me.roles });
      for (const word of LEAD_DETAILS) expect(text).not.toContain(word);
    });

    it(
      leadDetails ? "sees who is waiting on the overview" : "sees how many wait on the overview, never who",
      async () => {
        // React puts <!-- --> between a text and a number it renders: read the words as a person would.
        const body = (await (await get("/admin", cookies[role])).text()).replaceAll("<!-- -->", "");
        expect(body).toContain("Waiting for a reply (1)");
        if (leadDetails) expect(body).toContain("Quentin L.");
        else expect(body).toContain("is for intake staff and administrators");
      },
    );
  });

  it("the search pages (audit, pages, redirects, the 404 monitor) open for admin and marketing; intake and clinician get 403", async () => {
    for (const path of ["/admin/seo", "/admin/seo/pages", "/admin/seo/redirects", "/admin/seo/not-found"]) {
      expect(ADMIN_ROUTES.map((r) => r.path)).toContain(path);
      for (const role of staffRoles) {
        const allowed = role === "admin" || role === "marketing";
        for (const asked of [path, dataPath(path)]) {
          expect((await get(asked, cookies[role])).status, `${role} ${asked}`).toBe(allowed ? 200 : 403);
        }
      }
    }
    // One "Search" entry in the navigation leads to the section; its tabs lead to the rest.
    for (const role of staffRoles) {
      const nav = await (await get("/admin", cookies[role])).text();
      expect(nav.includes('href="/admin/seo"'), `${role} sees Search in the navigation`).toBe(
        role === "admin" || role === "marketing",
      );
    }
  });

  it("an admin-only page is refused to staff (if the route table has one yet)", async () => {
    const adminOnly = ADMIN_ROUTES.filter(
      (r) => staffPageFor(r.path) && !can(STAFF.roles, staffPageFor(r.path)!.permission),
    );
    for (const route of adminOnly) {
      expect((await get(route.path, cookies.staff)).status, route.path).toBe(403);
      expect((await get(dataPath(route.path), cookies.staff)).status, route.path).toBe(403);
    }
  });

  it("never serves a signed-in page from the page cache, while anonymous pages are cached", async () => {
    // The cache is on: an anonymous public page is stored and then served from it.
    await get("/services");
    expect((await get("/services")).headers.get("x-cache")).toBe("HIT");
    for (let i = 0; i < 2; i++) {
      const res = await get("/admin", cookies.admin);
      expect(res.status).toBe(200);
      expect(res.headers.get("x-cache")).toBeNull();
      expect(await res.text()).toContain(ADMIN.name);
    }
    // The same public address with a session is rendered afresh, not taken from the cache.
    expect((await get("/services", cookies.staff)).headers.get("x-cache")).toBeNull();
    // And a signed-out visitor never gets the signed-in page, whatever was rendered before.
    const anonymous = await get("/admin");
    expect(anonymous.status).toBe(302);
    expectNothingPrivate(await anonymous.text(), "/admin after a signed-in render");
  });
});
