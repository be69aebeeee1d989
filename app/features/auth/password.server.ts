import crypto from "node:crypto";
import { promisify } from "node:util";

const scrypt = promisify(crypto.scrypt) as (
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/**
 * scrypt (RFC 7914) from node:crypto with a per-user random salt. N = 2^15,
 * r = 8 is 32 MiB and roughly 0.1 s per check on this class of machine:
 * cheap for a person signing in, expensive for someone guessing offline.
 * The parameters are stored with each hash, so raising them later only
 * needs a re-hash at the next sign-in (needsRehash).
 */
export const PRODUCTION_PARAMS = { ln: 15, r: 8, p: 1 } as const;

/**
 * Under NODE_ENV=test only: N = 2^12 (4 MiB, about a tenth of the time). The test suites sign in and
 * refuse passwords some thousands of times; the algorithm, the stored format and every check stay the
 * same, and a refusal that skipped the hash is still several times quicker than one that did not.
 * Read through a variable key: the production build replaces `process.env.NODE_ENV` with "production".
 */
const TEST_PARAMS = { ln: 12, r: 8, p: 1 } as const;
const NODE_ENV_KEY = "NODE_ENV";

export const CURRENT_PARAMS: { readonly ln: number; readonly r: number; readonly p: number } =
  process.env[NODE_ENV_KEY] === "test" ? TEST_PARAMS : PRODUCTION_PARAMS;
const KEY_LENGTH = 32;

/** The longest password accepted: hashing is deliberately slow, and a megabyte of input should not be. */
export const PASSWORD_MAX_LENGTH = 256;

interface Params {
  ln: number;
  r: number;
  p: number;
}

function maxmem({ ln, r, p }: Params) {
  return 128 * r * (2 ** ln + p + 2) + 1024 * 1024;
}

async function derive(password: string, salt: Buffer, params: Params, keyLength = KEY_LENGTH): Promise<Buffer> {
  return scrypt(password.normalize("NFKC"), salt, keyLength, {
    N: 2 ** params.ln,
    r: params.r,
    p: params.p,
    maxmem: maxmem(params),
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const hash = await derive(password, salt, CURRENT_PARAMS);
  const { ln, r, p } = CURRENT_PARAMS;
  return `scrypt$ln=${ln},r=${r},p=${p}$${salt.toString("base64url")}$${hash.toString("base64url")}`;
}

function parse(stored: string): { params: Params; salt: Buffer; hash: Buffer } | null {
  const match = /^scrypt\$ln=(\d+),r=(\d+),p=(\d+)\$([\w-]+)\$([\w-]+)$/.exec(stored);
  if (!match) return null;
  const [, ln, r, p, salt, hash] = match;
  return {
    params: { ln: Number(ln), r: Number(r), p: Number(p) },
    salt: Buffer.from(salt!, "base64url"),
    hash: Buffer.from(hash!, "base64url"),
  };
}

/** Constant-time comparison of the derived key against the stored one. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const candidate = await derive(password, parsed.salt, parsed.params, parsed.hash.length);
  return crypto.timingSafeEqual(candidate, parsed.hash);
}

export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  return (
    !parsed ||
    parsed.params.ln !== CURRENT_PARAMS.ln ||
    parsed.params.r !== CURRENT_PARAMS.r ||
    parsed.params.p !== CURRENT_PARAMS.p
  );
}

// Checked when the e-mail matches no account, so an unknown address takes as
// long to refuse as a wrong password (no way to learn who has an account).
let dummyHash: Promise<string> | undefined;
export function verifyAgainstNobody(password: string): Promise<boolean> {
  dummyHash ??= hashPassword(crypto.randomBytes(16).toString("hex"));
  return dummyHash.then((hash) => verifyPassword(password, hash)).then(() => false);
}

/** A readable one-time password for a new or reset account (about 100 bits). */
export function generateOneTimePassword(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  let out = "";
  for (let i = 0; i < 20; i++) {
    out += alphabet[crypto.randomInt(alphabet.length)];
    if (i % 5 === 4 && i < 19) out += "-";
  }
  return out;
}
