import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hydrated } from "../setup/page-assertions";
import { MOBILE, useBrowser } from "../setup/browser";
import { startServer, type TestServer } from "../setup/server";

const PUBLIC_URL = "https://clinic.example";

/** The JSON-LD blocks of a page, parsed. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
}
const typesOf = (html: string) => jsonLd(html).map((block) => block["@type"]);
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

describe("public pages", () => {
  let server: TestServer;
  const browser = useBrowser();
  beforeAll(async () => {
    server = await startServer({ env: { PUBLIC_URL } });
  });
  afterAll(async () => {
    await server?.stop();
  });
  const html = async (path: string) => {
    const res = await fetch(`${server.url}${path}`);
    expect(res.status, path).toBe(200);
    return res.text();
  };

  it("explains each treatment: what it is, who it helps, what to expect, how to start", async () => {
    const page = await html("/adhd");
    const words = text(page);
    expect(words).toMatch(/What ADHD care is/);
    expect(words).toMatch(/Who ADHD care can help/);
    expect(words).toMatch(/What to expect/);
    expect(words).toMatch(/How to start/);
    expect(page).toContain('href="/request-appointment"');
    expect(typesOf(page)).toEqual(["MedicalWebPage", "BreadcrumbList"]);
    const [medical] = jsonLd(page);
    expect(medical).toMatchObject({ about: { "@type": "MedicalCondition", name: "ADHD" }, url: `${PUBLIC_URL}/adhd` });
  });

  it("lists every treatment on /services and every provider on /insurance, each linking to its page", async () => {
    const services = await html("/services");
    const treatments = (await (await fetch(`${server.url}/api/treatments`)).json()) as { slug: string }[];
    for (const t of treatments) expect(services).toContain(`href="/${t.slug}"`);
    const insurance = await html("/insurance");
    const providers = (await (await fetch(`${server.url}/api/insurance-providers`)).json()) as { slug: string }[];
    for (const p of providers) expect(insurance).toContain(`href="/${p.slug}"`);
    const aetna = text(await html("/aetna"));
    expect(aetna).toMatch(/Aetna/);
    expect(aetna).toMatch(/Good Faith Estimate/i);
  });

  it("leads /crisis-therapy with immediate help before anything else on the page", async () => {
    const page = await html("/crisis-therapy");
    const main = page.slice(page.indexOf('id="main"'));
    const help = main.indexOf('data-testid="crisis-help"');
    expect(help).toBeGreaterThan(-1);
    expect(help).toBeLessThan(main.indexOf("<h1"));
    expect(help).toBeLessThan(main.indexOf('aria-label="Breadcrumb"'));
    for (const href of ['href="tel:988"', 'href="sms:988"', 'href="https://988lifeline.org/chat/"', 'href="tel:911"']) {
      expect(main.slice(help, main.indexOf("<h1"))).toContain(href);
    }
    expect(text(main.slice(help, main.indexOf("<h1")))).toMatch(/emergency room/);
  });

  it("shows each clinician with portrait, credentials, license, focus, languages, availability and visit types", async () => {
    const page = await html("/team/lucia-serrano");
    const words = text(page);
    // Without an uploaded photo: the initials on a tile (issue 20), no placeholder silhouette.
    expect(page).toMatch(/<span aria-hidden="true" data-portrait="initials"[^>]*>LS<\/span>/);
    expect(page).not.toContain("/images/team/");
    expect(words).toMatch(/License/);
    expect(words).toMatch(/Lucia Serrano, LMHC/);
    expect(words).toMatch(/Licensed Mental Health Counselor/);
    expect(words).toMatch(/Spanish/);
    expect(words).toMatch(/Accepting new patients/);
    expect(words).toMatch(/In person and Telehealth/);
    const [person] = jsonLd(page);
    expect(person).toMatchObject({ "@type": "Person", name: "Lucia Serrano", knowsLanguage: ["English", "Spanish"] });
    const physician = jsonLd(await html("/team/maya-ellison"))[0]!;
    expect(physician["@type"]).toEqual(["Physician", "Person"]);
    expect(text(await html("/team/marcus-adeyemi"))).toMatch(/Not accepting new patients/);
    const team = await html("/team");
    for (const slug of ["maya-ellison", "jordan-whitfield", "elena-brooks-ramirez"]) {
      expect(team).toContain(`href="/team/${slug}"`);
    }
    expect((await fetch(`${server.url}/team/nobody`)).status).toBe(404);
  });

  it("gives each office its address, hours, directions, areas served and MedicalClinic data", async () => {
    for (const slug of ["winter-park", "orlando", "altamonte-springs"]) {
      const page = await html(`/locations/${slug}`);
      const [clinic, crumbs] = jsonLd(page);
      expect(clinic).toMatchObject({ "@type": "MedicalClinic", address: { addressRegion: "FL" } });
      expect((clinic!.openingHoursSpecification as unknown[]).length).toBeGreaterThan(0);
      expect(crumbs!["@type"]).toBe("BreadcrumbList");
      expect(page).toContain("https://www.google.com/maps/dir/?api=1&amp;destination=");
      expect(text(page)).toMatch(/Areas we serve/);
      expect(text(page)).toMatch(/Office hours/);
    }
    expect(text(await html("/locations"))).toMatch(/Altamonte Springs Office/);
    expect((await fetch(`${server.url}/locations/miami`)).status).toBe(404);
  });

  it("loads an office's map only when the visitor asks for it", async () => {
    const { page, errors, close } = await browser.open({ viewport: MOBILE });
    try {
      const mapRequests: string[] = [];
      page.on("request", (r) => {
        if (r.url().includes("openstreetmap")) mapRequests.push(r.url());
      });
      await page.goto(`${server.url}/locations/winter-park`);
      await hydrated(page);
      const main = page.locator("main");
      expect(await main.locator("iframe").getAttribute("title")).toMatch(/318 Magnolia Bend Avenue/);
      const ask = page.frameLocator('main iframe[title^="Map showing"]').getByRole("link", { name: "Show map" });
      await ask.scrollIntoViewIfNeeded();
      await ask.waitFor();
      expect(mapRequests).toEqual([]);
      await ask.click();
      await expect.poll(() => mapRequests.length).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("links the telehealth platform from site settings as a tracked link on /virtual-visit", async () => {
    const page = await html("/virtual-visit");
    expect(page).toMatch(
      /<a[^>]+href="https:\/\/telehealth\.example\.com\/cypress-lane"[^>]*data-track="virtual_visit_click"|<a[^>]+data-track="virtual_visit_click"[^>]*href="https:\/\/telehealth\.example\.com\/cypress-lane"/,
    );
    expect(text(page)).toMatch(/Florida/);
  });

  it("shows self-pay rates and the Good Faith Estimate notice on /pricing", async () => {
    const page = await html("/pricing");
    expect(page).toContain("<table>");
    expect(text(page)).toMatch(/Good Faith Estimate/);
    expect(text(page)).toMatch(/No Surprises Act/);
  });

  it("links the policies from every page's footer", async () => {
    const home = await html("/");
    for (const path of ["/privacy", "/accessibility", "/terms", "/non-discrimination"]) {
      expect(home).toContain(`href="${path}"`);
      const page = await html(path);
      expect(typesOf(page)[0]).toBe("WebPage");
      expect(text(page)).toMatch(/Last updated/);
    }
  });
});
