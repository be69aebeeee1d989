import { describe, expect, it } from "vitest";
import { staffRoles } from "~/db/schema";
import { can, canOpen, permissions, STAFF_PAGES, staffPageFor, type Permission } from "./access";

const everyPermission = Object.keys(permissions) as Permission[];

describe("permissions", () => {
  it("lets admins do everything but approve a blog post, which is a licensed clinician's act", () => {
    for (const permission of everyPermission) expect(can(["admin"], permission)).toBe(permission !== "blog-approve");
  });

  it("lets admin, marketing and clinicians write blog posts, and only clinicians approve them", () => {
    expect(staffRoles.filter((role) => can([role], "blog"))).toEqual(["admin", "marketing", "clinician"]);
    expect(staffRoles.filter((role) => can([role], "blog-approve"))).toEqual(["clinician"]);
    expect(canOpen(["intake"], "/admin/blog/new")).toBe(false);
    expect(canOpen(["marketing"], "/admin/blog/12")).toBe(true);
  });

  it("gives lead details to admin and intake only (minimum necessary)", () => {
    expect(staffRoles.filter((role) => can([role], "lead-details"))).toEqual(["admin", "intake"]);
    expect(can(["marketing", "clinician"], "lead-details")).toBe(false);
    // A person holding several roles may do what any of them may.
    expect(can(["marketing", "intake"], "lead-details")).toBe(true);
  });

  it("lets every role into the staff area and only admins manage staff", () => {
    for (const role of staffRoles) expect(can([role], "staff-area")).toBe(true);
    expect(staffRoles.filter((role) => can([role], "manage-staff"))).toEqual(["admin"]);
  });

  it("grants nothing to someone with no role", () => {
    for (const permission of everyPermission) expect(can([], permission)).toBe(false);
  });
});

describe("staffPageFor", () => {
  it("finds every listed page by its own path, with or without a trailing slash", () => {
    for (const page of STAFF_PAGES) {
      expect(staffPageFor(page.path)).toBe(page);
      expect(staffPageFor(`${page.path}/`)).toBe(page);
    }
  });

  it("governs a nested path by its nearest listed parent, but /admin governs only itself", () => {
    expect(staffPageFor("/admin/account/sessions")?.path).toBe("/admin/account");
    expect(staffPageFor("/admin/account/a/b/c")?.path).toBe("/admin/account");
    // Without this, every unlisted page would fall under the overview's permission.
    expect(staffPageFor("/admin/not-a-page")).toBeUndefined();
    expect(staffPageFor("/admin/staff-secrets")).toBeUndefined();
  });

  it("does not take a longer name for a child: /admin/accounts is not under /admin/account", () => {
    expect(staffPageFor("/admin/accounts")).toBeUndefined();
    expect(staffPageFor("/admin/account-export")).toBeUndefined();
  });

  it("knows nothing outside the staff area, or under another spelling", () => {
    for (const path of ["/", "/auth", "/administrator", "/admin.data", "/ADMIN", "/Admin/account", "//admin", ""]) {
      expect(staffPageFor(path), path).toBeUndefined();
    }
  });
});

describe("canOpen", () => {
  it("refuses unknown paths to everyone, admins included", () => {
    for (const role of staffRoles) {
      expect(canOpen([role], "/admin/nothing-here")).toBe(false);
      expect(canOpen([role], "/admin/accounts")).toBe(false);
      expect(canOpen([role], "/elsewhere")).toBe(false);
    }
  });

  it("lets admins open every listed page", () => {
    for (const page of STAFF_PAGES) expect(canOpen(["admin"], page.path)).toBe(true);
  });

  it("opens each page, and everything under it, exactly to the roles its permission names", () => {
    for (const page of STAFF_PAGES) {
      for (const role of staffRoles) {
        const allowed = (permissions[page.permission] as readonly string[]).includes(role);
        expect(canOpen([role], page.path), `${role} ${page.path}`).toBe(allowed);
        // A lead's page, an export: under a listed page unless a longer listed path governs them.
        const below = `${page.path}/some-id/edit`;
        if (page.path !== "/admin" && staffPageFor(below) === page) expect(canOpen([role], below)).toBe(allowed);
      }
    }
    expect(canOpen(["intake"], "/admin/staff")).toBe(false);
    expect(canOpen(["marketing"], "/admin/audit")).toBe(false);
  });
});

describe("the lead pages (minimum necessary)", () => {
  it("opens the report of counts and rates to marketing, but never the inbox, a lead or its export", () => {
    expect(canOpen(["marketing"], "/admin/lead-insights")).toBe(true);
    expect(canOpen(["marketing"], "/admin/lead-insights/report.csv")).toBe(true);
    for (const path of [
      "/admin/lead-insights/leads",
      "/admin/lead-insights/leads/0b9e5d9e-3c1b-4a8e-9f55-5f2f1c1d2e3f",
      "/admin/lead-insights/leads/export",
      "/admin/lead-insights/leads/export.csv",
    ]) {
      expect(canOpen(["marketing"], path), path).toBe(false);
      expect(canOpen(["clinician"], path), path).toBe(false);
      expect(canOpen(["intake"], path), path).toBe(true);
      expect(canOpen(["marketing", "intake"], path), path).toBe(true);
    }
  });

  it("keeps the clinician out of lead insights, and the settings for administrators", () => {
    expect(canOpen(["clinician"], "/admin/lead-insights")).toBe(false);
    expect(canOpen(["intake"], "/admin/lead-insights/settings")).toBe(false);
    expect(canOpen(["admin"], "/admin/lead-insights/settings")).toBe(true);
  });
});
