import type { BrowserContext, Page } from "playwright-core";
import type { Database } from "~/db/client.server";
import { openDatabase } from "~/db/client.server";
import type { StaffRole, User } from "~/db/schema";
import { createUser } from "~/features/auth/users.server";

export const STAFF_PASSWORD = "Lantern-orchard-41-quietly";

export interface StaffAccount {
  name: string;
  email: string;
  roles: readonly StaffRole[];
  password?: string;
  mustChangePassword?: boolean;
}

/** Creates staff accounts in an open database. */
export async function addStaff(database: Database, accounts: StaffAccount[]): Promise<User[]> {
  const made: User[] = [];
  for (const account of accounts) {
    made.push(await createUser(database.db, { ...account, password: account.password ?? STAFF_PASSWORD }));
  }
  return made;
}

/**
 * Creates staff accounts in a PGlite data directory (or PostgreSQL URL)
 * before a server is started on it: PGlite admits one process at a time.
 */
export async function addStaffTo(target: { dataDir?: string; databaseUrl?: string }, accounts: StaffAccount[]) {
  const database = await openDatabase(target);
  try {
    return await addStaff(database, accounts);
  } finally {
    await database.close();
  }
}

/** Signs in through POST /api/login; returns the Cookie header value to send back. */
export async function signInCookie(url: string, email: string, password = STAFF_PASSWORD, code?: string) {
  const res = await fetch(`${url}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password, ...(code ? { code } : {}) }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const setCookie = res.headers.get("set-cookie") ?? "";
  return setCookie.split(";")[0]!;
}

/** Signs in through the /auth page as a person would, and waits for the staff area. */
export async function signInAs(page: Page, url: string, email: string, password = STAFF_PASSWORD, path = "/admin") {
  await page.goto(`${url}${path}`);
  const form = page.getByRole("form", { name: "Sign in with your staff account" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL((u) => u.pathname.startsWith("/admin"));
}

/** Gives a browser context the session cookie (from signInCookie) for `url`: its pages are signed in. */
export async function addSessionCookie(context: BrowserContext, url: string, cookie: string) {
  const at = cookie.indexOf("=");
  await context.addCookies([{ name: cookie.slice(0, at), value: cookie.slice(at + 1), url }]);
}

/** GET /api/user with a session cookie: 200 while the session lives, 401 once it has ended. */
export async function userStatus(url: string, cookie: string): Promise<number> {
  return (await fetch(`${url}/api/user`, { headers: { cookie } })).status;
}
