import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { StaffRole } from "./staff-roles";

// ---------------------------------------------------------------------------
// Staff accounts (issue 5). The staff area holds the names of people seeking
// care: every way in is checked and every visit is written down.
// ---------------------------------------------------------------------------

export { staffRoles, type StaffRole } from "./staff-roles";

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    roles: text("roles").array().$type<StaffRole[]>().notNull(),
    // "scrypt$ln=15,r=8,p=1$<salt>$<hash>": the parameters travel with the hash so they can be raised later.
    passwordHash: text("password_hash").notNull(),
    // Set for an account created or reset with a one-time password.
    mustChangePassword: boolean("must_change_password").notNull().default(false),
    passwordChangedAt: timestamp("password_changed_at", { withTimezone: true }).notNull().defaultNow(),
    // Base32 TOTP secret (RFC 6238); enrolment is complete once totpEnabledAt is set.
    totpSecret: text("totp_secret"),
    totpEnabledAt: timestamp("totp_enabled_at", { withTimezone: true }),
    // The last time step accepted, so a code cannot be used twice.
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("users_email_key").on(sql`lower(${t.email})`),
    check(
      "users_roles_known",
      sql`cardinality(${t.roles}) > 0 and ${t.roles} <@ array['admin','intake','marketing','clinician']::text[]`,
    ),
  ],
);

/** Two-factor recovery codes: only their hashes are kept; each works once. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: serial("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("recovery_codes_user_idx").on(t.userId)],
);

export const staffSessions = pgTable(
  "staff_sessions",
  {
    // SHA-256 of the cookie's random token: a copy of this table signs nobody in.
    idHash: text("id_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    // The absolute end (created + 12 h); the idle end is lastSeenAt + 30 min.
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    endedReason: text("ended_reason"),
    ip: text("ip").notNull().default(""),
    userAgent: text("user_agent").notNull().default(""),
  },
  (t) => [index("staff_sessions_user_idx").on(t.userId)],
);

/** Sign-in attempts, kept for the brute-force counters (shared by every instance). */
export const loginAttempts = pgTable(
  "login_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    // lower(trim(email typed)) and a keyed hash of the address.
    accountKey: text("account_key").notNull(),
    ipKey: text("ip_key").notNull(),
    succeeded: boolean("succeeded").notNull(),
  },
  (t) => [index("login_attempts_account_idx").on(t.accountKey, t.at), index("login_attempts_ip_idx").on(t.ipKey, t.at)],
);

/** A pause on sign-in for an account or an address, after too many failures. */
export const loginLockouts = pgTable(
  "login_lockouts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    key: text("key").notNull(),
    lockedAt: timestamp("locked_at", { withTimezone: true }).notNull().defaultNow(),
    until: timestamp("until", { withTimezone: true }).notNull(),
  },
  (t) => [index("login_lockouts_key_idx").on(t.key, t.until)],
);

/**
 * Who did what, when and from where in the staff area. Append-only: a
 * trigger (migration 0003) refuses every UPDATE and DELETE.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid("actor_id"),
    // The actor's e-mail when it happened (or the address typed, for a failed sign-in).
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    ip: text("ip").notNull().default(""),
    // Small facts about the change (old and new role, say); never lead contents.
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index("audit_log_at_idx").on(t.at.desc()), index("audit_log_actor_idx").on(t.actorId, t.at)],
);

export type User = typeof users.$inferSelect;
export type StaffSession = typeof staffSessions.$inferSelect;
export type AuditEntry = typeof auditLog.$inferSelect;
