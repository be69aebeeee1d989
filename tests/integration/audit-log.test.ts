import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { auditLog, type User } from "~/db/schema";
import { NO_ACCOUNT } from "~/features/audit/audit-filters";
import { auditPeople, listAuditEntries, parseAuditFilters } from "~/features/audit/audit-log.server";
import { audit } from "~/features/auth/audit.server";
import { databaseKinds, openTestDatabase } from "../setup/database";
import { addStaff } from "../setup/staff";

const START = Date.UTC(2026, 2, 10, 14, 0);
const minute = (n: number) => new Date(START + n * 60_000);

/** The error a query was refused with, and its cause's (Drizzle wraps the driver's). */
async function refusal(query: PromiseLike<unknown>): Promise<string> {
  try {
    await query;
  } catch (error) {
    const e = error as Error & { cause?: Error };
    return `${e.message} ${e.cause?.message ?? ""}`;
  }
  return "not refused";
}

describe.each(databaseKinds())("the audit trail on %s", (kind) => {
  let database: Database;
  let admin: User;
  let staff: User;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const { db } = database;
    [admin, staff] = await addStaff(database, [
      { name: "Alex Admin", email: "alex.admin@example.com", roles: ["admin"] },
      { name: "Blair Staff", email: "Blair.Staff@example.com", roles: ["intake"] },
    ]);
    const asStaff = { id: staff!.id, email: staff!.email, ip: "203.0.113.7" };
    const asAdmin = { id: admin!.id, email: admin!.email, ip: "203.0.113.1" };
    const typed = { id: null, email: "who.is.this@example.com", ip: "198.51.100.9" };
    // 120 entries a minute apart, interleaved: 60 sign-ins, 40 refusals, 20 role changes.
    for (let i = 0; i < 120; i++) {
      if (i % 6 === 5) {
        await audit(
          db,
          asAdmin,
          {
            action: "user_role_changed",
            target: { type: "user", id: staff!.id },
            detail: { from: ["intake"], to: ["admin", "intake"] },
          },
          minute(i),
        );
      } else if (i % 3 === 1) {
        await audit(db, typed, { action: "sign_in_failed", detail: { reason: "unknown_email" } }, minute(i));
      } else {
        await audit(db, asStaff, { action: "sign_in", detail: { secondFactor: "totp" } }, minute(i));
      }
    }
  });
  afterAll(async () => {
    await database?.close();
  });

  it("shows the newest entries first, fifty to a page", async () => {
    const first = await listAuditEntries(database.db, { page: 1 });
    expect(first).toMatchObject({ total: 120, page: 1, pageCount: 3, from: 1, to: 50 });
    expect(first.entries).toHaveLength(50);
    expect(first.entries[0]!.at).toBe(minute(119).toISOString());
    const times = first.entries.map((e) => e.at);
    expect(times).toEqual([...times].sort().reverse());

    const last = await listAuditEntries(database.db, { page: 3 });
    expect(last).toMatchObject({ page: 3, from: 101, to: 120 });
    expect(last.entries).toHaveLength(20);
    expect(last.entries.at(-1)!.at).toBe(minute(0).toISOString());
    // Past the end: the last page, not an empty one.
    expect((await listAuditEntries(database.db, { page: 99 })).page).toBe(3);
  });

  it("words each entry: when in clinic time, who, what, target, address and detail", async () => {
    const { entries } = await listAuditEntries(database.db, { page: 1 });
    const byAction = (action: string) => entries.find((e) => e.action === action)!;
    expect(byAction("user_role_changed")).toMatchObject({
      at: minute(119).toISOString(),
      atText: "Mar 10, 2026, 11:59 AM",
      who: { name: "Alex Admin", email: "alex.admin@example.com", typed: false },
      actionLabel: "Changed an account's roles",
      target: "Account: Blair Staff",
      ip: "203.0.113.1",
      detail: "intake → administrator and intake",
    });
    expect(byAction("sign_in_failed")).toMatchObject({
      who: { name: null, email: "who.is.this@example.com", typed: true },
      actionLabel: "Sign-in refused",
      target: null,
      detail: "Reason: no account has this address",
    });
    expect(byAction("sign_in")).toMatchObject({
      who: { name: "Blair Staff", typed: false },
      actionLabel: "Signed in",
      detail: "with an authenticator code",
    });
  });

  it("filters by action, by person, by entries with no account, and by both", async () => {
    const failed = await listAuditEntries(database.db, { action: "sign_in_failed", page: 1 });
    expect(failed.total).toBe(40);
    expect(new Set(failed.entries.map((e) => e.action))).toEqual(new Set(["sign_in_failed"]));

    const byStaff = await listAuditEntries(database.db, { user: staff.id, page: 2 });
    expect(byStaff).toMatchObject({ total: 60, page: 2, pageCount: 2, from: 51, to: 60 });
    expect(new Set(byStaff.entries.map((e) => e.who?.name))).toEqual(new Set(["Blair Staff"]));

    const noAccount = await listAuditEntries(database.db, { user: NO_ACCOUNT, page: 1 });
    expect(noAccount.total).toBe(40);
    expect(noAccount.entries.every((e) => e.who?.typed)).toBe(true);

    expect((await listAuditEntries(database.db, { action: "user_role_changed", user: admin.id, page: 1 })).total).toBe(
      20,
    );
    expect((await listAuditEntries(database.db, { action: "sign_in", user: admin.id, page: 1 })).total).toBe(0);
    expect(await listAuditEntries(database.db, { action: "sign_out", page: 1 })).toMatchObject({
      entries: [],
      total: 0,
      page: 1,
      from: 0,
      to: 0,
    });
  });

  it("reads filters from the query string and ignores what it does not understand", () => {
    const parse = (query: string) => parseAuditFilters(new URLSearchParams(query));
    expect(parse(`action=sign_in&user=${staff.id.toUpperCase()}&page=3`)).toEqual({
      action: "sign_in",
      user: staff.id,
      page: 3,
    });
    expect(parse("user=none")).toEqual({ action: undefined, user: NO_ACCOUNT, page: 1 });
    expect(parse("action=drop_table&user=alex.admin@example.com&page=-2")).toEqual({
      action: undefined,
      user: undefined,
      page: 1,
    });
    expect(parse("page=2.5").page).toBe(1);
  });

  it("offers every account as a person to filter by, by name", async () => {
    expect(await auditPeople(database.db)).toEqual([
      { value: admin.id, label: "Alex Admin (alex.admin@example.com)" },
      { value: staff.id, label: "Blair Staff (Blair.Staff@example.com)" },
    ]);
  });

  it("refuses to change or delete an entry (the append-only trigger)", async () => {
    const { db } = database;
    const [entry] = await db.select().from(auditLog).limit(1);
    expect(await refusal(db.update(auditLog).set({ action: "sign_out" }).where(eq(auditLog.id, entry!.id)))).toMatch(
      /append-only: UPDATE is not allowed/,
    );
    expect(await refusal(db.delete(auditLog).where(eq(auditLog.id, entry!.id)))).toMatch(
      /append-only: DELETE is not allowed/,
    );
    expect(await refusal(db.execute(sql`truncate audit_log`))).toMatch(/append-only: TRUNCATE is not allowed/);
    const [after] = await db.select().from(auditLog).where(eq(auditLog.id, entry!.id));
    expect(after).toEqual(entry);
    expect((await listAuditEntries(db, { page: 1 })).total).toBe(120);
  });
});
