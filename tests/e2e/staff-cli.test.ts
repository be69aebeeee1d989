import { spawn } from "node:child_process";
import crypto from "node:crypto";
import path from "node:path";
import { and, asc, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "~/db/client.server";
import { auditLog, recoveryCodes, staffSessions, users } from "~/db/schema";
import { clonePostgresTemplate, copyPgliteTemplate, databaseKinds, type DatabaseKind } from "../setup/database";
import { root, tmpRoot } from "../setup/paths";
import { startServer, type TestServer } from "../setup/server";
import { signInCookie } from "../setup/staff";

/**
 * `npm run staff` as an operator runs it: `node scripts/staff.js` in its own
 * process, the password piped on standard input, against a real data
 * directory (and PostgreSQL when TEST_DATABASE_URL is set); then a real
 * server on the same database shows what it did.
 */
interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runCli(args: string[], env: Record<string, string>, input?: string): Promise<Run> {
  const base: Record<string, string> = { ...(process.env as Record<string, string>), NODE_ENV: "test" };
  delete base.DATABASE_URL;
  delete base.DATA_DIR;
  const child = spawn(process.execPath, [path.join(root, "scripts", "staff.js"), ...args], {
    cwd: root,
    env: { ...base, ...env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  child.stdin.end(input ?? "");
  const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
  return new Promise((resolve) =>
    child.once("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    }),
  );
}

const ADMIN = { email: "Morgan.Admin@cypresslane.example", name: "Morgan Admin", password: "first-admin-passphrase-7" };
const STAFF = { email: "riley.staff@cypresslane.example", name: "Riley Staff", password: "riley-chose-this-one-42" };
const SECRET_ARG = "do-not-echo-this-9f3k";

async function userStatus(url: string, cookie: string) {
  const res = await fetch(`${url}/api/user`, { headers: { cookie } });
  return { status: res.status, body: (await res.json()) as { role?: string; mustChangePassword?: boolean } };
}

async function loginStatus(url: string, email: string, password: string) {
  const res = await fetch(`${url}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  return res.status;
}

describe.each(databaseKinds())("npm run staff on %s", (kind: DatabaseKind) => {
  let env: Record<string, string>;
  let dataDir: string;
  let server: TestServer | undefined;
  const cli = (args: string[], input?: string) => runCli(args, env, input);

  beforeAll(async () => {
    dataDir = copyPgliteTemplate("staff-cli");
    env =
      kind === "pglite" ? { DATA_DIR: dataDir } : { DATA_DIR: dataDir, DATABASE_URL: await clonePostgresTemplate() };
  });
  afterAll(async () => {
    await server?.stop("SIGKILL");
  });

  async function serve() {
    server = await startServer({ dataDir, env: kind === "postgres" ? { DATABASE_URL: env.DATABASE_URL! } : {} });
    return server;
  }
  async function stopServer() {
    await server?.stop();
    server = undefined;
  }
  /** Looks at the database directly (PGlite: only while no server holds it). */
  async function inDatabase<T>(look: (database: Database) => Promise<T>): Promise<T> {
    const database = await openDatabase(kind === "pglite" ? { dataDir } : { databaseUrl: env.DATABASE_URL });
    try {
      return await look(database);
    } finally {
      await database.close();
    }
  }

  it("prints its usage on --help (0) and on a bad command (1)", async () => {
    const help = await cli(["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Usage: npm run staff -- <command>");
    expect(help.stdout).toContain("reset-two-factor --email E");
    const bad = await cli(["promote", "--email", ADMIN.email]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('Unknown command "promote"');
    expect(bad.stderr).toContain("Usage:");
  });

  it("refuses a password given as an argument, without repeating it, and creates nothing", async () => {
    for (const args of [
      ["add", "--email", ADMIN.email, "--name", ADMIN.name, "--role", "admin", "--password", SECRET_ARG],
      ["add", "--email", ADMIN.email, "--name", ADMIN.name, "--role", "admin", `--password=${SECRET_ARG}`],
      ["reset-password", "--email", ADMIN.email, "-p", SECRET_ARG],
    ]) {
      const run = await cli(args, `${ADMIN.password}\n`);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain("Passwords are never accepted as arguments");
      expect(run.stdout + run.stderr).not.toContain(SECRET_ARG);
    }
    const list = await cli(["list"]);
    expect(list.code).toBe(0);
    expect(list.stdout).not.toContain(ADMIN.email);
  });

  it("adds an admin and an intake and marketing member with passwords piped on standard input; list shows their roles", async () => {
    const admin = await cli(
      ["add", "--email", ADMIN.email, "--name", ADMIN.name, "--role", "admin"],
      `${ADMIN.password}\n`,
    );
    expect(admin.stderr).toBe("");
    expect(admin.code).toBe(0);
    expect(admin.stdout).toContain(`Created an account for ${ADMIN.email} with Administrator (admin).`);
    expect(admin.stdout + admin.stderr).not.toContain(ADMIN.password);
    // One or more roles, comma-separated, in any order and any case.
    const staff = await cli(
      ["add", "--email", STAFF.email, "--name", STAFF.name, "--role", "Marketing, intake"],
      STAFF.password,
    );
    expect(staff.code).toBe(0);
    expect(staff.stdout).toContain("with Intake and Marketing (intake,marketing).");

    const list = await cli(["list"]);
    expect(list.code).toBe(0);
    const line = (email: string) => list.stdout.split("\n").find((l) => l.includes(email)) ?? "";
    expect(line(ADMIN.email)).toMatch(
      /^Morgan Admin\s+Morgan\.Admin@cypresslane\.example\s+admin\s+active\s+off\s+own\s+never$/,
    );
    expect(line(STAFF.email)).toMatch(/\sintake,marketing\s+active\s+off\s+own\s+never$/);
  });

  it("set-roles gives an account exactly the roles named, and never takes admin from the last administrator", async () => {
    const narrowed = await cli(["set-roles", "--email", STAFF.email, "--role", "intake"]);
    expect(narrowed.code).toBe(0);
    expect(narrowed.stdout).toContain("now has the Intake role.");
    const line = (await cli(["list"])).stdout.split("\n").find((l) => l.includes(STAFF.email)) ?? "";
    expect(line).toMatch(/\sintake\s+active/);
    const lastAdmin = await cli(["set-roles", "--email", ADMIN.email, "--role", "marketing"]);
    expect(lastAdmin.code).toBe(1);
    expect(lastAdmin.stderr).toMatch(/only active administrator/i);
    const nothing = await cli(["set-roles", "--email", STAFF.email]);
    expect(nothing.code).toBe(1);
    expect(nothing.stderr).toContain('"set-roles" needs --role.');
  });

  it("refuses a short or common password, a taken address, a bad role and an empty standard input", async () => {
    const short = await cli(
      ["add", "--email", "short@cypresslane.example", "--name", "S", "--role", "intake"],
      "elevenchars\n",
    );
    expect(short.code).toBe(1);
    expect(short.stderr).toContain("at least 12 characters");
    // The staff area's policy, not only a length: a common password is refused too.
    const common = await cli(
      ["add", "--email", "common@cypresslane.example", "--name", "C", "--role", "intake"],
      "password1234\n",
    );
    expect(common.code).toBe(1);
    expect(common.stderr).toContain("commonly used password");
    const taken = await cli(
      ["add", "--email", " morgan.admin@CYPRESSLANE.example", "--name", "Again", "--role", "intake"],
      "another-long-password\n",
    );
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain("A staff account already uses this e-mail address.");
    const role = await cli(["add", "--email", "r@cypresslane.example", "--name", "R", "--role", "owner"], "x\n");
    expect(role.code).toBe(1);
    expect(role.stderr).toContain("--role: Choose one or more roles: admin, intake, marketing, clinician.");
    const empty = await cli(["add", "--email", "e@cypresslane.example", "--name", "E", "--role", "intake"]);
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain("No password on standard input");
    const list = await cli(["list"]);
    expect(list.stdout).not.toMatch(/short@|r@cypresslane|e@cypresslane|Again/);
  });

  it("the created admin signs in to a server started afterwards; with PGlite the command refuses while it runs", async () => {
    const running = await serve();
    const cookie = await signInCookie(running.url, ADMIN.email, ADMIN.password);
    expect(await userStatus(running.url, cookie)).toMatchObject({
      status: 200,
      body: { roles: ["admin"], mustChangePassword: false },
    });
    const page = await fetch(`${running.url}/admin/staff`, { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(STAFF.email);

    if (kind === "pglite") {
      const locked = await cli(["list"]);
      expect(locked.code).toBe(1);
      expect(locked.stderr).toContain("Stop the server first");
      expect(locked.stderr).toContain(`by process ${running.process.pid}`);
      // The server was not disturbed.
      expect(await userStatus(running.url, cookie)).toMatchObject({ status: 200 });
    } else {
      // PostgreSQL: the command works beside a running server.
      expect((await cli(["list"])).code).toBe(0);
    }
  }, 120_000);

  it("disable ends every session (enabling again does not revive them); the last admin is never disabled", async () => {
    const running = server ?? (await serve());
    const staffCookie = await signInCookie(running.url, STAFF.email, STAFF.password);
    expect((await userStatus(running.url, staffCookie)).status).toBe(200);
    if (kind === "pglite") await stopServer();

    const disabled = await cli(["disable", "--email", STAFF.email]);
    expect(disabled.code).toBe(0);
    expect(disabled.stdout).toContain("Riley Staff's account is disabled");
    const lastAdmin = await cli(["disable", "--email", ADMIN.email]);
    expect(lastAdmin.code).toBe(1);
    expect(lastAdmin.stderr).toContain("This is the only active administrator account");
    const unknown = await cli(["disable", "--email", "nobody@cypresslane.example"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("No staff account uses that e-mail address.");

    if (kind === "postgres") {
      expect((await userStatus(running.url, staffCookie)).status).toBe(401);
      expect(await loginStatus(running.url, STAFF.email, STAFF.password)).toBe(401);
    }
    expect((await cli(["enable", "--email", STAFF.email])).code).toBe(0);

    if (kind === "pglite") {
      const sessions = await inDatabase(async ({ db }) =>
        db
          .select({ endedReason: staffSessions.endedReason })
          .from(staffSessions)
          .innerJoin(users, eq(users.id, staffSessions.userId))
          .where(eq(users.email, STAFF.email)),
      );
      expect(sessions).toEqual([{ endedReason: "account_disabled" }]);
    }
    const again = server ?? (await serve());
    // Enabled again, but the session that was open when it was disabled stays ended.
    expect((await userStatus(again.url, staffCookie)).status).toBe(401);
    expect(await loginStatus(again.url, STAFF.email, STAFF.password)).toBe(200);
  }, 180_000);

  it("reset-password: a piped new password, or a printed one-time one; old passwords and sessions stop working", async () => {
    const running = server ?? (await serve());
    const staffCookie = await signInCookie(running.url, STAFF.email, STAFF.password);
    if (kind === "pglite") await stopServer();

    const oneTime = await cli(["reset-password", "--email", STAFF.email, "--one-time"]);
    expect(oneTime.code).toBe(0);
    // The session from just now and the one from the previous test's fresh sign-in.
    expect(oneTime.stdout).toContain(`New password set for ${STAFF.email}; 2 sessions ended.`);
    const password = /One-time password: (\S+)/.exec(oneTime.stdout)?.[1] ?? "";
    expect(password).toMatch(/^[a-z2-9]{5}(-[a-z2-9]{5}){3}$/);
    const chosen = await cli(["reset-password", "--email", ADMIN.email], "second-admin-passphrase-8\n");
    expect(chosen.code).toBe(0);
    const tooShort = await cli(["reset-password", "--email", ADMIN.email], "short\n");
    expect(tooShort.code).toBe(1);

    const again = server ?? (await serve());
    expect((await userStatus(again.url, staffCookie)).status).toBe(401);
    expect(await loginStatus(again.url, STAFF.email, STAFF.password)).toBe(401);
    const fresh = await signInCookie(again.url, STAFF.email, password);
    expect(await userStatus(again.url, fresh)).toMatchObject({ status: 200, body: { mustChangePassword: true } });
    expect(await loginStatus(again.url, ADMIN.email, ADMIN.password)).toBe(401);
    expect(await loginStatus(again.url, ADMIN.email, "second-admin-passphrase-8")).toBe(200);
    await stopServer();
  }, 180_000);

  it("reset-two-factor clears the secret and the recovery codes; every change is audited as the command line", async () => {
    await inDatabase(async ({ db }) => {
      const [riley] = await db.select().from(users).where(eq(users.email, STAFF.email));
      await db
        .update(users)
        .set({ totpSecret: "JBSWY3DPEHPK3PXP", totpEnabledAt: new Date(), totpLastStep: 1 })
        .where(eq(users.id, riley!.id));
      await db.insert(recoveryCodes).values({ userId: riley!.id, codeHash: crypto.randomUUID() });
    });
    const reset = await cli(["reset-two-factor", "--email", STAFF.email]);
    expect(reset.code).toBe(0);
    expect(reset.stdout).toContain("Two-factor sign-in is reset for Riley Staff");

    await inDatabase(async ({ db }) => {
      const [riley] = await db.select().from(users).where(eq(users.email, STAFF.email));
      expect(riley).toMatchObject({ totpSecret: null, totpEnabledAt: null, totpLastStep: null });
      expect(await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, riley!.id))).toEqual([]);

      const entries = await db
        .select()
        .from(auditLog)
        .where(and(isNull(auditLog.actorId), eq(auditLog.targetType, "user")))
        .orderBy(asc(auditLog.id));
      expect(entries.map((e) => [e.action, e.targetId === riley!.id])).toEqual([
        ["user_created", false],
        ["user_created", true],
        ["user_role_changed", true],
        ["user_disabled", true],
        ["user_enabled", true],
        ["user_password_reset", true],
        ["user_password_reset", false],
        ["user_two_factor_reset", true],
      ]);
      for (const entry of entries) {
        expect(entry).toMatchObject({ actorEmail: null, detail: expect.objectContaining({ via: "cli" }) });
      }
      expect(JSON.stringify(entries)).not.toMatch(/passphrase|riley-chose/);
    });
  }, 120_000);
});

describe("npm run staff on a new install", () => {
  let server: TestServer | undefined;
  afterAll(async () => {
    await server?.stop("SIGKILL");
  });

  it("creates the first admin in an empty DATA_DIR; the server then starts on it and they sign in", async () => {
    const dataDir = path.join(tmpRoot(), `first-install-${process.pid}-${crypto.randomBytes(4).toString("hex")}`);
    const add = await runCli(
      ["add", "--email", ADMIN.email, "--name", ADMIN.name, "--role", "admin"],
      { DATA_DIR: dataDir },
      `${ADMIN.password}\n`,
    );
    expect(add.stderr).toBe("");
    expect(add.code).toBe(0);
    server = await startServer({ dataDir });
    const cookie = await signInCookie(server.url, ADMIN.email, ADMIN.password);
    expect(await userStatus(server.url, cookie)).toMatchObject({ status: 200, body: { roles: ["admin"] } });
    // The demo content was seeded by the server's first start, after the command.
    expect((await fetch(`${server.url}/api/treatments`)).status).toBe(200);
  }, 180_000);
});
