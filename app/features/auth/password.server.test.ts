import crypto from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  CURRENT_PARAMS,
  generateOneTimePassword,
  hashPassword,
  needsRehash,
  verifyAgainstNobody,
  verifyPassword,
} from "./password.server";

const HASH_FORMAT = /^scrypt\$ln=(\d+),r=(\d+),p=(\d+)\$([\w-]+)\$([\w-]+)$/;

/** A hash made the way hashPassword does, with other scrypt parameters (an older install's). */
function hashWith(password: string, params: { ln: number; r: number; p: number }) {
  const salt = crypto.randomBytes(16);
  const key = crypto.scryptSync(password.normalize("NFKC"), salt, 32, {
    N: 2 ** params.ln,
    r: params.r,
    p: params.p,
    maxmem: 64 * 1024 * 1024,
  });
  return `scrypt$ln=${params.ln},r=${params.r},p=${params.p}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

describe("hashPassword", () => {
  it("stores the algorithm and its parameters with a random salt and a 32-byte key", async () => {
    const hash = await hashPassword("Lantern-orchard-41");
    const match = HASH_FORMAT.exec(hash);
    expect(match, hash).not.toBeNull();
    const [, ln, r, p, salt, key] = match!;
    expect({ ln: Number(ln), r: Number(r), p: Number(p) }).toEqual(CURRENT_PARAMS);
    expect(Buffer.from(salt!, "base64url")).toHaveLength(16);
    expect(Buffer.from(key!, "base64url")).toHaveLength(32);
    expect(hash).not.toContain("Lantern");
  });

  describe("its cost", () => {
    afterEach(() => {
      vi.unstubAllEnvs();
      vi.resetModules();
    });
    const hashedUnder = async (nodeEnv: string | undefined) => {
      vi.stubEnv("NODE_ENV", nodeEnv);
      vi.resetModules();
      const fresh = await import("./password.server");
      const [, ln, r] = HASH_FORMAT.exec(await fresh.hashPassword("Lantern-orchard-41"))!;
      return 2 ** Number(ln) * Number(r);
    };

    it("is slow offline wherever real accounts live: at least 2^15 × 8 (32 MiB) unless NODE_ENV=test", async () => {
      for (const nodeEnv of ["production", "development", undefined])
        expect(await hashedUnder(nodeEnv), String(nodeEnv)).toBeGreaterThanOrEqual(2 ** 15 * 8);
    });

    it("is an eighth of that under NODE_ENV=test, where suites sign in thousands of times", async () => {
      expect(await hashedUnder("test")).toBe(2 ** 12 * 8);
    });
  });

  it("never gives the same hash twice for one password", async () => {
    const [a, b] = await Promise.all([hashPassword("same password"), hashPassword("same password")]);
    expect(a).not.toBe(b);
    expect(a.split("$")[2]).not.toBe(b.split("$")[2]);
  });
});

describe("verifyPassword", () => {
  it("accepts the password and refuses anything else, including near misses", async () => {
    const hash = await hashPassword("Lantern-orchard-41");
    expect(await verifyPassword("Lantern-orchard-41", hash)).toBe(true);
    for (const wrong of ["lantern-orchard-41", "Lantern-orchard-41 ", "Lantern-orchard-4", "", "x".repeat(300)]) {
      expect(await verifyPassword(wrong, hash), JSON.stringify(wrong)).toBe(false);
    }
  });

  it("treats the same text in either Unicode form as the same password", async () => {
    const hash = await hashPassword("Cafe\u0301-mornings-77");
    expect(await verifyPassword("Café-mornings-77", hash)).toBe(true);
  });

  it("checks a hash against the parameters stored with it, not today's", async () => {
    const old = hashWith("older-install-pass", { ln: 10, r: 8, p: 1 });
    expect(await verifyPassword("older-install-pass", old)).toBe(true);
    expect(await verifyPassword("older-install-wrong", old)).toBe(false);
  });

  it("refuses, without throwing, a stored value that is not a hash", async () => {
    for (const stored of ["", "plain-text-password", "scrypt$ln=15,r=8,p=1$$", "bcrypt$2b$10$abc", "scrypt$ln=x$a$b"]) {
      await expect(verifyPassword("plain-text-password", stored), stored).resolves.toBe(false);
    }
  });

  it("verifyAgainstNobody (an unknown e-mail) refuses every password", async () => {
    expect(await verifyAgainstNobody("anything")).toBe(false);
    expect(await verifyAgainstNobody("")).toBe(false);
  });
});

describe("needsRehash", () => {
  it("is false for a hash made today and true for other parameters or unreadable values", async () => {
    expect(needsRehash(await hashPassword("fresh"))).toBe(false);
    expect(needsRehash(hashWith("old", { ln: 10, r: 8, p: 1 }))).toBe(true);
    expect(needsRehash(hashWith("old", { ln: CURRENT_PARAMS.ln, r: 4, p: 1 }))).toBe(true);
    expect(needsRehash(hashWith("old", { ln: CURRENT_PARAMS.ln, r: CURRENT_PARAMS.r, p: 2 }))).toBe(true);
    expect(needsRehash("not a hash")).toBe(true);
  });
});

describe("generateOneTimePassword", () => {
  it("gives four groups of five unambiguous characters, different each time", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 50; i++) {
      const password = generateOneTimePassword();
      expect(password).toMatch(/^[a-hjkmnp-z2-9]{5}(-[a-hjkmnp-z2-9]{5}){3}$/);
      seen.add(password);
    }
    expect(seen.size).toBe(50);
  });
});
