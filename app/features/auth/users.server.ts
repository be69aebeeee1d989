import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { users, type StaffRole, type User } from "~/db/schema";
import { hashPassword } from "./password.server";
import { orderedRoles } from "./staff-roles";

export class EmailTakenError extends Error {
  override name = "EmailTakenError";
  constructor() {
    super("A staff account already uses this e-mail address.");
  }
}

export interface NewStaffUser {
  name: string;
  email: string;
  roles: readonly StaffRole[];
  password: string;
  /** A one-time password: the person must choose their own at first sign-in. */
  mustChangePassword?: boolean;
}

/**
 * Creates a staff account (the CLI, the staff page and tests all come here).
 * The password policy is the caller's to apply: a one-time password is
 * generated, a chosen one is checked by password-policy first.
 */
export async function createUser(db: Db, input: NewStaffUser): Promise<User> {
  const existing = await findUserByEmail(db, input.email);
  if (existing) throw new EmailTakenError();
  try {
    const [user] = await db
      .insert(users)
      .values({
        name: input.name.trim(),
        email: input.email.trim(),
        roles: orderedRoles(input.roles),
        passwordHash: await hashPassword(input.password),
        mustChangePassword: input.mustChangePassword ?? false,
      })
      .returning();
    return user!;
  } catch (error) {
    // Two admins adding the same address at once: the unique index decides.
    if (
      /users_email_key|duplicate key/.test(
        String((error as Error)?.message ?? "") + String((error as { cause?: Error })?.cause?.message ?? ""),
      )
    ) {
      throw new EmailTakenError();
    }
    throw error;
  }
}

export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return user;
}

export async function findUserById(db: Db, id: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

export async function listUsers(db: Db): Promise<User[]> {
  return db
    .select()
    .from(users)
    .orderBy(asc(sql`lower(${users.name})`));
}

/** Stores a new password hash (the caller ends sessions and writes the audit entry). */
export async function setPassword(db: Db, userId: string, password: string, mustChange: boolean): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(password), mustChangePassword: mustChange, passwordChangedAt: new Date() })
    .where(eq(users.id, userId));
}
