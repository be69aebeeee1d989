import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../setup/axe";
import { DESKTOP, MOBILE, useBrowser } from "../setup/browser";
import { clonePostgresTemplate, copyPgliteTemplate, browserDatabaseKinds } from "../setup/database";
import { hydrated, look } from "../setup/page-assertions";
import { startServer, type TestServer } from "../setup/server";
import { addSessionCookie, addStaffTo, signInCookie } from "../setup/staff";

const NEWCOMER = { name: "Theo Newcomer", email: "theo.newcomer@cypresslane.example", roles: ["marketing"] as const };

/**
 * One journey on the production build: a marketing person new to the site,
 * with nothing but the page's labels and hints, adds a therapist with a
 * photo, previews the profile, publishes, and finds them on /team and on
 * their profile. Each confirmation carries Undo: a change undone puts the
 * old words back, a deletion undone brings the therapist back. axe finds
 * nothing on the editor at 1280 and 375 px (with refused fields shown), on
 * the deletion's confirmation, nor on the new profile. On PGlite (decision 0053).
 */
describe.each(browserDatabaseKinds("pglite"))("team member editing in the browser on %s", (kind) => {
  let server: TestServer;
  const browser = useBrowser();
  let cookie: string;
  let photoFile: string;
  beforeAll(async () => {
    const dataDir = copyPgliteTemplate(`team-editing-${kind}`);
    const databaseUrl = kind === "postgres" ? await clonePostgresTemplate() : undefined;
    await addStaffTo(databaseUrl ? { databaseUrl } : { dataDir }, [NEWCOMER]);
    server = await startServer({ dataDir, env: databaseUrl ? { DATABASE_URL: databaseUrl } : {} });
    cookie = await signInCookie(server.url, NEWCOMER.email);
    photoFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "team-photo-")), "rosa.jpg");
    await sharp({ create: { width: 600, height: 600, channels: 3, background: "#7aa695" } })
      .jpeg()
      .toFile(photoFile);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("adds a therapist with a photo, previews and publishes them, and they are on /team and their profile", async () => {
    const { page, context } = await browser.open({ viewport: DESKTOP });
    await addSessionCookie(context, server.url, cookie);
    await page.goto(`${server.url}/admin`);
    await hydrated(page);
    await page.getByRole("link", { name: "Site content" }).click();
    await page.getByRole("link", { name: "edit the team members" }).click();
    await look(page.getByRole("heading", { level: 1 })).text("Team members");
    await page.getByRole("link", { name: "Add a team member" }).click();
    await look(page.getByRole("heading", { level: 1 })).text("Add a team member");

    const form = page.getByRole("form", { name: "Add a team member" });
    // Publishing an empty form: each field says what to type, and axe finds nothing at either width.
    await form.getByRole("button", { name: "Publish" }).click();
    await look(form.getByText("Enter the name.")).visible();
    await look(form.getByLabel("Full name")).focused();
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize(MOBILE);
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await page.setViewportSize(DESKTOP);

    await form.getByLabel("Full name").fill("Rosa Delgado-Park");
    await form.getByLabel("Credentials").fill("LMHC");
    await form.getByLabel("Role").fill("Licensed Mental Health Counselor");
    await form.getByLabel("License", { exact: true }).fill("Florida Licensed Mental Health Counselor");
    await form.getByLabel("Image file").setInputFiles(photoFile);
    await form.getByLabel("Describe the image (alt text)").fill("Rosa Delgado-Park smiling in the Winter Park office");
    await form.getByRole("button", { name: "Upload image" }).click();
    await look(form.getByText("Rosa Delgado-Park smiling in the Winter Park office")).visible();
    await form
      .getByLabel("Bio")
      .fill(
        "Rosa helps adults and teens who feel stuck with worry, low mood or a big change in life. Her sessions are calm and practical, and you leave each one with one small thing to try.",
      );
    await form.getByLabel("Approach").fill("Warm, structured and collaborative.");
    await form.getByLabel("Education").fill("MA in Clinical Mental Health Counseling, Rollins College");
    await form.getByLabel("Availability").fill("Evenings on Tuesdays");
    await form.getByLabel("Focus areas").fill("Anxiety, Life transitions");
    await form.getByLabel("Languages").fill("English, Spanish");
    await form.getByRole("group", { name: "Offices they see people at" }).getByLabel("Winter Park Office").check();
    await form.getByRole("group", { name: "Insurance accepted" }).getByLabel("Aetna").check();
    await form
      .getByLabel("Search description")
      .fill(
        "Rosa Delgado-Park, LMHC, is a counselor in Winter Park, FL, helping adults and teens with anxiety and life changes, in person or online.",
      );

    await form.getByRole("button", { name: "Preview the profile" }).click();
    const preview = page.getByRole("region", { name: "Preview: not published yet" });
    await look(preview.getByRole("heading", { level: 1 })).text(/Rosa Delgado-Park, LMHC/);
    await look(preview.getByText("Evenings on Tuesdays")).visible();

    await page.getByRole("form", { name: "Add a team member" }).getByRole("button", { name: "Publish" }).click();
    await look(page.getByText("Published: Rosa Delgado-Park is on the website now.")).visible();
    await look(page.getByRole("heading", { level: 1 })).text("Edit Rosa Delgado-Park");
    await look(page.getByRole("button", { name: "Undo: adding Rosa Delgado-Park" })).visible();

    // A change, undone from its confirmation.
    const editor = page.getByRole("form", { name: "Edit Rosa Delgado-Park" });
    await editor.getByLabel("Availability").fill("Mornings on Fridays");
    await editor.getByRole("button", { name: "Publish" }).click();
    await look(page.getByRole("status").filter({ hasText: /^Published: .*availability/ })).visible();
    await look(page.getByRole("status").filter({ hasText: /^Published: .*availability/ })).focused();
    await page.getByRole("button", { name: "Undo: this change to Rosa Delgado-Park" }).click();
    await look(page.getByText("Undone: Rosa Delgado-Park's profile is as it was before, for every visitor.")).visible();
    await look(editor.getByLabel("Availability")).value("Evenings on Tuesdays");

    // A deletion, undone from the list's confirmation: back in their place.
    await page.getByRole("button", { name: "Delete Rosa Delgado-Park" }).click();
    await look(page.getByRole("heading", { level: 1 })).text("Team members");
    await look(page.getByText("Rosa Delgado-Park was deleted from the website.")).visible();
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize(MOBILE);
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize(DESKTOP);
    await page.getByRole("button", { name: "Undo: deleting Rosa Delgado-Park" }).click();
    await look(page.getByText("Undone: Rosa Delgado-Park is back on the website, in their old place.")).visible();
    await look(page.getByRole("list", { name: "Team members in the website's order" })).contains("Rosa Delgado-Park");

    const visitor = await browser.open({ viewport: MOBILE });
    await visitor.page.goto(`${server.url}/team`);
    const card = visitor.page.getByRole("listitem").filter({ hasText: "Rosa Delgado-Park" });
    await look(card.getByRole("img", { name: "Rosa Delgado-Park smiling in the Winter Park office" })).visible();
    await card.getByRole("link", { name: /Rosa Delgado-Park/ }).click();
    await look(visitor.page.getByRole("heading", { level: 1 })).text(/Rosa Delgado-Park, LMHC/);
    await look(visitor.page.getByText("Evenings on Tuesdays")).visible();
    await look(visitor.page.getByRole("link", { name: "Aetna" })).visible();
    expect(await axeViolations(visitor.page)).toEqual([]);
    await visitor.page.setViewportSize(DESKTOP);
    expect(await axeViolations(visitor.page)).toEqual([]);
  });
});
