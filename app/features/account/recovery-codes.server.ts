import crypto from "node:crypto";
import { and, count, eq, isNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { recoveryCodes } from "~/db/schema";
import { hashRecoveryCode } from "~/features/auth/two-factor.server";

export const RECOVERY_CODE_COUNT = 10;
// No 0/o, 1/l/i: a code read off paper is typed right the first time.
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** One readable code, "xxxxx-xxxxx": ten characters of 31, about 50 bits. */
export function newRecoveryCode(): string {
  let out = "";
  for (let i = 0; i < 10; i++) {
    if (i === 5) out += "-";
    out += ALPHABET[crypto.randomInt(ALPHABET.length)];
  }
  return out;
}

/**
 * A fresh set of recovery codes for a user: the old ones stop working. Only
 * the hashes are stored; the codes themselves are returned to be shown once.
 */
export async function replaceRecoveryCodes(db: Db, userId: string): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newRecoveryCode());
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values([...codes].map((code) => ({ userId, codeHash: hashRecoveryCode(code) })));
  });
  return [...codes];
}

export async function deleteRecoveryCodes(db: Db, userId: string): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

export async function unusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}
