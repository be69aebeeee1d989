import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { unsubscribeToken, unsubscribeUrl, verifyUnsubscribeToken } from "./unsubscribe-token.server";

const secret = "a-test-secret-that-is-long-enough-123";
const id = crypto.randomUUID();

describe("unsubscribe tokens", () => {
  it("round-trips the subscriber id", () => {
    const token = unsubscribeToken(secret, id);
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
    expect(verifyUnsubscribeToken(secret, token)).toBe(id);
  });

  it("refuses a token signed with another secret, or for another id", () => {
    const token = unsubscribeToken(secret, id);
    expect(verifyUnsubscribeToken("another-secret-another-secret-1234", token)).toBeNull();
    const [, mac] = token.split(".");
    const other = unsubscribeToken(secret, crypto.randomUUID()).split(".")[0];
    expect(verifyUnsubscribeToken(secret, `${other}.${mac}`)).toBeNull();
  });

  it("refuses every one-character change and every malformed token", () => {
    const token = unsubscribeToken(secret, id);
    for (let i = 0; i < token.length; i++) {
      if (token[i] === ".") continue;
      const swapped = token.slice(0, i) + (token[i] === "A" ? "B" : "A") + token.slice(i + 1);
      expect(verifyUnsubscribeToken(secret, swapped)).toBeNull();
    }
    for (const bad of [undefined, null, 42, "", ".", token + ".x", token.split(".")[0], "x".repeat(500)]) {
      expect(verifyUnsubscribeToken(secret, bad)).toBeNull();
    }
  });

  it("puts no e-mail address in the link", () => {
    const url = unsubscribeUrl("https://clinic.example", secret, id);
    expect(url).toMatch(/^https:\/\/clinic\.example\/newsletter\/unsubscribe\?token=[\w-]+\.[\w-]+$/);
  });
});
