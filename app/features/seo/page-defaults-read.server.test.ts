import { describe, expect, it } from "vitest";
import { isDefaultsRead, signDefaultsRead } from "./page-defaults-read.server";

const SECRET = "a-secret-of-thirty-two-characters!";
const NOW = 1_800_000_000_000;

describe("the signed read of a page without its settings", () => {
  it("verifies for the path it was made for, for a minute", () => {
    const value = signDefaultsRead(SECRET, "/adhd", NOW);
    expect(isDefaultsRead(SECRET, "/adhd", value, NOW)).toBe(true);
    expect(isDefaultsRead(SECRET, "/adhd", value, NOW + 59_000)).toBe(true);
    expect(isDefaultsRead(SECRET, "/adhd", value, NOW + 61_000)).toBe(false);
  });

  it("refuses another path, another secret, a changed expiry, a far future one and junk", () => {
    const value = signDefaultsRead(SECRET, "/adhd", NOW);
    const [expires, mac] = value.split(".");
    expect(isDefaultsRead(SECRET, "/depression", value, NOW)).toBe(false);
    expect(isDefaultsRead("another-secret-of-thirty-two-chars", "/adhd", value, NOW)).toBe(false);
    expect(isDefaultsRead(SECRET, "/adhd", `${Number(expires) + 1}.${mac}`, NOW)).toBe(false);
    const far = signDefaultsRead(SECRET, "/adhd", NOW + 3_600_000);
    expect(isDefaultsRead(SECRET, "/adhd", far, NOW)).toBe(false);
    for (const junk of [undefined, "", ".", "abc", `${NOW + 1000}.`, ["a", "b"], `${NOW + 1000}.${"x".repeat(43)}`]) {
      expect(isDefaultsRead(SECRET, "/adhd", junk, NOW)).toBe(false);
    }
    expect(isDefaultsRead(SECRET, null, value, NOW)).toBe(false);
  });
});
