import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsFolder } from "./client.server";

/** The statements of one committed migration, as drizzle-kit wrote them. */
function statements(tag: string): string[] {
  const sql = fs.readFileSync(path.join(migrationsFolder, `${tag}.sql`), "utf8");
  return sql
    .split("--> statement-breakpoint")
    .map((s) => s.trim())
    .filter(Boolean);
}

const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
  entries: { tag: string }[];
};
const tags = journal.entries.map((e) => e.tag);

/**
 * Migrations that move data, tried on a database as an older release left it:
 * the migrations before one applied, rows of that time inserted, then it.
 */
describe("staff roles migration (0005, 0006)", () => {
  let db: PGlite;
  beforeAll(async () => {
    db = new PGlite();
    for (const tag of tags.slice(0, tags.indexOf("0005_staff_roles"))) {
      for (const statement of statements(tag)) await db.exec(statement);
    }
    await db.exec(`insert into users (name, email, role, password_hash) values
      ('Ada Admin', 'ada@clinic.example', 'admin', 'x'),
      ('Sam Staff', 'sam@clinic.example', 'staff', 'x')`);
    for (const tag of ["0005_staff_roles", "0006_staff_single_role_dropped"]) {
      for (const statement of statements(tag)) await db.exec(statement);
    }
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });

  it("keeps every account's access: admin stays admin, staff becomes intake and marketing", async () => {
    const { rows } = await db.query<{ email: string; roles: string[] }>(
      "select email, roles from users order by email",
    );
    expect(rows).toEqual([
      { email: "ada@clinic.example", roles: ["admin"] },
      { email: "sam@clinic.example", roles: ["intake", "marketing"] },
    ]);
  });

  it("refuses an account without a role, or with one the house does not know", async () => {
    await expect(
      db.exec(`insert into users (name, email, roles, password_hash) values ('No One', 'none@x.example', '{}', 'x')`),
    ).rejects.toThrow(/users_roles_known/);
    await expect(
      db.exec(`insert into users (name, email, roles, password_hash) values ('Owner', 'o@x.example', '{owner}', 'x')`),
    ).rejects.toThrow(/users_roles_known/);
  });
});

describe("ads measurement settings migration (0018)", () => {
  let db: PGlite;
  beforeAll(async () => {
    db = new PGlite();
    for (const tag of tags.slice(0, tags.indexOf("0018_ads_measurement_settings"))) {
      for (const statement of statements(tag)) await db.exec(statement);
    }
    await db.exec(`insert into site_content (id, clinic_name, analytics_measurement_id, ad_pixel_id)
      values (1, 'Cypress Lane', ' G-ABC123XYZ ', '')`);
    for (const statement of statements("0018_ads_measurement_settings")) await db.exec(statement);
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });

  it("copies the IDs staff had entered, with the safe page groups", async () => {
    const { rows } = await db.query<{
      analytics_measurement_id: string;
      ad_pixel_id: string | null;
      page_groups: string[];
    }>("select analytics_measurement_id, ad_pixel_id, page_groups from ads_measurement_settings");
    expect(rows).toEqual([
      {
        analytics_measurement_id: "G-ABC123XYZ",
        ad_pixel_id: null,
        page_groups: ["home", "services", "insurance", "team", "request", "thank-you"],
      },
    ]);
  });

  it("refuses the guardrails in the database too", async () => {
    await expect(db.exec(`update ads_measurement_settings set enhanced_conversions = true`)).rejects.toThrow(
      /no_enhanced_conversions/,
    );
    await expect(db.exec(`update ads_measurement_settings set ad_personalization = true`)).rejects.toThrow(
      /no_ad_personalization/,
    );
    await expect(
      db.exec(`update ads_measurement_settings set page_groups = '["home","conditions"]'::jsonb`),
    ).rejects.toThrow(/conditions_never/);
  });
});
