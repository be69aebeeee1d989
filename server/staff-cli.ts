import { parseArgs } from "node:util";
import {
  PASSWORD_MIN_LENGTH as CLI_PASSWORD_MIN_LENGTH,
  strengthProblem,
} from "~/features/auth/password-policy.server";
import { z } from "zod";
import { openDatabase, type Database } from "~/db/client.server";
import type { StaffRole, User } from "~/db/schema";
import { generateOneTimePassword } from "~/features/auth/password.server";
import { EmailTakenError, findUserByEmail, listUsers } from "~/features/auth/users.server";
import { staffEmailSchema, staffNameSchema, staffRolesSchema } from "~/features/staff-accounts/staff-account-schema";
import { rolesInWords } from "~/features/auth/staff-roles";
import {
  createAccount,
  disableAccount,
  enableAccount,
  resetPassword,
  resetTwoFactor,
  setRoles,
  StaffChangeRefused,
  type ChangeActor,
} from "~/features/staff-accounts/staff-accounts.server";
import { ConfigError, loadEnv } from "~/lib/env.server";
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from "./data-dir-lock";

/**
 * `npm run staff -- <command>`: staff accounts from the command line, for
 * the first administrator and for getting back in when nobody can. Same
 * settings, same database, same rules and audit trail as /admin/staff; the
 * actor is recorded as the command line. Passwords come from standard input
 * or a prompt without echo, never from the arguments.
 */
export interface StaffCliIo {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown };
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  env: NodeJS.ProcessEnv;
}

/** Chosen passwords (not one-time ones) must be at least this long. */

export const USAGE = `Usage: npm run staff -- <command> [options]

Commands:
  add --email E --name N --role R[,R…] [--one-time]
        Create a staff account with one or more roles (admin, intake,
        marketing, clinician; comma-separated). The password is read from
        standard input when it is piped (the first line), otherwise asked for
        twice without echo. With --one-time, a one-time password is made and
        printed instead: the person chooses their own when they first sign in.
  set-roles --email E --role R[,R…]
        Give an account exactly these roles (the last active administrator
        keeps admin).
  list
        Every account: name, e-mail, roles, status, two-factor, password, last sign-in.
  disable --email E
        Stop an account from signing in and end every session it has.
  enable --email E
        Let a disabled account sign in again.
  reset-password --email E [--one-time]
        Set a new password (standard input or the prompt), or with --one-time
        make and print a one-time one. Ends the account's sessions and lifts a
        sign-in pause.
  reset-two-factor --email E
        Turn off two-factor sign-in (a lost phone); they can set it up again.

Roles (what each opens; decision 0025):
  admin      everything, including staff accounts, the audit trail and settings
  intake     the leads themselves: names, contact details, notes, exports
  marketing  analytics, search, ads, the blog; lead counts and rates only
  clinician  reviews and approves articles; no lead details unless also intake

Passwords are never taken as arguments: they would stay in the shell history
and show in the process list. Chosen passwords need at least ${CLI_PASSWORD_MIN_LENGTH} characters and must not be common or easy to guess.

Settings as for the server: DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite,
default ./data). With PGlite, stop the server first: one process at a time may
use a data directory.
`;

const STDIN_MAX_BYTES = 64 * 1024;
const CLI_ACTOR: ChangeActor = { id: null, email: null, ip: "", via: "cli" };

const commands = ["add", "set-roles", "list", "disable", "enable", "reset-password", "reset-two-factor"] as const;
type Command = (typeof commands)[number];

/** A failure with a sentence for the person at the terminal; `usage` adds the usage text. */
class CliError extends Error {
  constructor(
    message: string,
    readonly usage = false,
  ) {
    super(message);
  }
}

export async function runStaffCli(argv: string[], io: StaffCliIo): Promise<number> {
  try {
    const request = parseCommand(argv);
    if (request === "help") {
      io.stdout.write(USAGE);
      return 0;
    }
    await withDatabase(io.env, (database) => run(database, request, io));
    return 0;
  } catch (error) {
    if (error instanceof CliError) {
      io.stderr.write(`${error.message}\n${error.usage ? `\n${USAGE}` : ""}`);
      return 1;
    }
    if (error instanceof ConfigError || error instanceof StaffChangeRefused || error instanceof EmailTakenError) {
      io.stderr.write(`${error.message}\n`);
      return 1;
    }
    // Something unexpected: its name and message, never a value typed in.
    io.stderr.write(`The command failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

interface CommandRequest {
  command: Command;
  email?: string;
  name?: string;
  roles?: StaffRole[];
  oneTime: boolean;
}

function parseCommand(argv: string[]): CommandRequest | "help" {
  // Refused before anything else reads the arguments, and never repeated back.
  if (argv.some((arg) => /^-{1,2}(p|pass|password|passwd)(=|$)/i.test(arg))) {
    throw new CliError(
      "Passwords are never accepted as arguments: they would stay in your shell history and show in the process list.\n" +
        "Pipe the password on standard input (the first line), or leave it out to be asked for it without echo.",
    );
  }
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        email: { type: "string" },
        name: { type: "string" },
        role: { type: "string" },
        "one-time": { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
    });
  } catch (error) {
    // The first sentence only ("Unknown option '--x'."); parseArgs never echoes a value.
    const sentence = (error as Error).message.split(". ")[0]!.replace(/\.?$/, ".");
    throw new CliError(sentence, true);
  }
  const { values, positionals } = parsed;
  if (values.help || positionals[0] === "help") return "help";
  const [command, ...extra] = positionals;
  if (!command) throw new CliError("Name a command.", true);
  if (!commands.includes(command as Command)) throw new CliError(`Unknown command "${command}".`, true);
  // Extra words might be a password typed in the wrong place: not echoed.
  if (extra.length > 0) throw new CliError(`"${command}" takes no further arguments besides its options.`, true);

  const request: CommandRequest = { command: command as Command, oneTime: values["one-time"] };
  const check = <T>(schema: z.ZodType<T>, value: string | undefined, option: string): T => {
    if (value === undefined) throw new CliError(`"${command}" needs --${option}.`, true);
    const result = schema.safeParse(value);
    if (!result.success) throw new CliError(`--${option}: ${result.error.issues[0]?.message}`, true);
    return result.data;
  };
  if (command !== "list") request.email = check(staffEmailSchema, values.email, "email");
  if (command === "add") request.name = check(staffNameSchema, values.name, "name");
  if (command === "add" || command === "set-roles") request.roles = check(staffRolesSchema, values.role, "role");
  const allowed: Record<Command, string[]> = {
    add: ["email", "name", "role", "one-time"],
    "set-roles": ["email", "role"],
    list: [],
    disable: ["email"],
    enable: ["email"],
    "reset-password": ["email", "one-time"],
    "reset-two-factor": ["email"],
  };
  for (const option of ["email", "name", "role", "one-time"] as const) {
    const given = option === "one-time" ? values[option] : values[option] !== undefined;
    if (given && !allowed[request.command].includes(option)) {
      throw new CliError(`"${command}" does not take --${option}.`, true);
    }
  }
  return request;
}

/**
 * Opens the database the server uses, migrated. With PGlite the command
 * takes the server's data-directory lock first: a second process on the
 * same directory would silently lose writes.
 */
async function withDatabase(source: NodeJS.ProcessEnv, work: (database: Database) => Promise<void>) {
  const env = loadEnv(source);
  let lock: DataDirLock | undefined;
  if (!env.DATABASE_URL) {
    try {
      lock = acquireDataDirLock(env.DATA_DIR);
    } catch (error) {
      if (!(error instanceof DataDirLockedError)) throw error;
      throw new CliError(
        `The data directory ${env.DATA_DIR} is in use${error.holderPid ? ` by process ${error.holderPid}` : ""} (the server, most likely).\n` +
          "Stop the server first, then run this command again: one process at a time may use a PGlite data directory.",
      );
    }
  }
  let database: Database | undefined;
  try {
    database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
    await database.migrate();
    await work(database);
  } finally {
    await database?.close().catch(() => {});
    lock?.release();
  }
}

async function run(database: Database, request: CommandRequest, io: StaffCliIo) {
  const { db } = database;
  const out = (line: string) => io.stdout.write(`${line}\n`);
  if (request.command === "list") {
    out(accountTable(await listUsers(db)));
    return;
  }
  const email = request.email!;
  if (request.command === "add") {
    if (await findUserByEmail(db, email)) throw new EmailTakenError();
    const password = request.oneTime ? generateOneTimePassword() : await choosePassword(io);
    const user = await createAccount(db, CLI_ACTOR, {
      name: request.name!,
      email,
      roles: request.roles!,
      password,
      mustChangePassword: request.oneTime,
    });
    out(`Created an account for ${user.email} with ${rolesInWords(user.roles)} (${user.roles.join(",")}).`);
    if (request.oneTime) printOneTimePassword(out, password);
    return;
  }

  const user = await findUserByEmail(db, email);
  if (!user) throw new CliError("No staff account uses that e-mail address. `npm run staff -- list` shows them all.");
  switch (request.command) {
    case "set-roles":
      out(await setRoles(db, CLI_ACTOR, user.id, request.roles!));
      return;
    case "disable":
      out(await disableAccount(db, CLI_ACTOR, user.id));
      return;
    case "enable":
      out(await enableAccount(db, CLI_ACTOR, user.id));
      return;
    case "reset-two-factor":
      out(await resetTwoFactor(db, CLI_ACTOR, user.id));
      return;
    case "reset-password": {
      const chosen = request.oneTime ? null : await choosePassword(io);
      const { oneTimePassword, sessionsEnded } = await resetPassword(db, CLI_ACTOR, user.id, chosen);
      out(
        `New password set for ${user.email}; ${sessionsEnded} ${sessionsEnded === 1 ? "session" : "sessions"} ended.`,
      );
      if (oneTimePassword) printOneTimePassword(out, oneTimePassword);
      return;
    }
  }
}

function printOneTimePassword(out: (line: string) => void, password: string) {
  out(`One-time password: ${password}`);
  out("Pass it on privately (in person or by phone, not by e-mail or chat). It is not shown again;");
  out("at their first sign-in they choose their own password.");
}

function accountTable(accounts: User[]): string {
  if (accounts.length === 0)
    return "No staff accounts yet. Create the first with `npm run staff -- add --role admin …`.";
  const when = (date: Date | null) => (date ? `${date.toISOString().slice(0, 16).replace("T", " ")} UTC` : "never");
  const rows = [
    ["NAME", "E-MAIL", "ROLES", "STATUS", "TWO-FACTOR", "PASSWORD", "LAST SIGN-IN"],
    ...accounts.map((user) => [
      user.name,
      user.email,
      user.roles.join(","),
      user.disabledAt ? "disabled" : "active",
      user.totpEnabledAt ? "on" : "off",
      user.mustChangePassword ? "one-time" : "own",
      when(user.lastLoginAt),
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

/** A chosen password: the first line of piped input, or typed twice at a prompt without echo. */
async function choosePassword(io: StaffCliIo): Promise<string> {
  let password: string;
  if (io.stdin.isTTY && io.stdin.setRawMode) {
    password = await promptHidden(io, "Password (at least 12 characters): ");
    const again = await promptHidden(io, "The same password again: ");
    if (again !== password) throw new CliError("The two passwords do not match; nothing was changed.");
  } else {
    password = (await readAll(io.stdin)).split(/\r?\n/)[0] ?? "";
    if (password === "") {
      throw new CliError(
        "No password on standard input. Pipe it in (the first line), or run the command in a terminal to be asked for it.",
      );
    }
  }
  const problem = chosenPasswordProblem(password);
  if (problem) throw new CliError(`${problem} Nothing was changed.`);
  return password;
}

/** The staff area's password policy (length, common passwords, zxcvbn score), said in words. */
export function chosenPasswordProblem(password: string): string | null {
  return strengthProblem(password);
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let text = "";
  for await (const chunk of stream) {
    text += typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
    if (text.length > STDIN_MAX_BYTES) throw new CliError("Standard input is too long for a password.");
    // The first line is all we need; stop reading once it is complete.
    if (text.includes("\n")) break;
  }
  return text;
}

/** Reads a line from a terminal without echoing it (raw mode, so it works the same everywhere). */
function promptHidden(io: StaffCliIo, question: string): Promise<string> {
  const stdin = io.stdin;
  return new Promise((resolve, reject) => {
    let value = "";
    const finish = (error?: Error) => {
      stdin.removeListener("data", onData);
      stdin.setRawMode!(false);
      stdin.pause();
      io.stderr.write("\n");
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: Buffer | string) => {
      for (const char of typeof chunk === "string" ? chunk : chunk.toString("utf8")) {
        if (char === "\r" || char === "\n") return finish();
        if (char === "\u0003" || (char === "\u0004" && value === "")) {
          return finish(new CliError("Cancelled; nothing was changed."));
        }
        if (char === "\u007f" || char === "\b") value = [...value].slice(0, -1).join("");
        else if (char >= " ") value += char;
      }
    };
    // Raw mode before the prompt shows, so nothing typed after it is echoed.
    stdin.setRawMode!(true);
    io.stderr.write(question);
    stdin.on("data", onData);
    stdin.resume();
  });
}
