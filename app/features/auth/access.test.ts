import { describe, expect, it } from "vitest";
import { can, canOpen, permissions, STAFF_PAGES, staffPageFor, type Permission } from "./access";

const adminOnly = (Object.keys(permissions) as Permission[]).filter((p) => !can("staff", p) && can("admin", p));

describe("permissions", () => {
  it("lets admins do everything and staff only the daily work", () => {
    for (const permission of Object.keys(permissions) as Permission[]) expect(can("admin", permission)).toBe(true);
    expect(can("staff", "staff-area")).toBe(true);
    expect(can("staff", "manage-staff")).toBe(false);
    expect(adminOnly).toContain("manage-staff");
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
    for (const role of ["admin", "staff"] as const) {
      expect(canOpen(role, "/admin/nothing-here")).toBe(false);
      expect(canOpen(role, "/admin/accounts")).toBe(false);
      expect(canOpen(role, "/elsewhere")).toBe(false);
    }
  });

  it("lets staff open the staff-area pages and their children", () => {
    for (const page of STAFF_PAGES.filter((p) => can("staff", p.permission))) {
      expect(canOpen("staff", page.path)).toBe(true);
    }
    expect(canOpen("staff", "/admin/account/sessions")).toBe(true);
  });

  it("lets admins open every listed page", () => {
    for (const page of STAFF_PAGES) expect(canOpen("admin", page.path)).toBe(true);
  });

  // Admin-only pages (staff accounts, the audit trail): each is checked here.
  const adminPages = STAFF_PAGES.filter((p) => adminOnly.includes(p.permission));
  it("refuses admin-only pages, and everything under them, to staff", () => {
    expect(adminPages.map((p) => p.path)).toEqual(expect.arrayContaining(["/admin/staff", "/admin/audit"]));
    for (const page of adminPages) {
      expect(canOpen("staff", page.path), page.path).toBe(false);
      expect(canOpen("staff", `${page.path}/some-id`), `${page.path}/some-id`).toBe(false);
      expect(canOpen("staff", `${page.path}/some-id/edit`), `${page.path}/some-id/edit`).toBe(false);
      expect(canOpen("admin", `${page.path}/some-id`)).toBe(true);
    }
  });
});
