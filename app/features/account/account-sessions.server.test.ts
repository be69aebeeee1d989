import { describe, expect, it } from "vitest";
import type { StaffSession } from "~/db/schema";
import { describeBrowser, sessionRef, sessionRows } from "./account-sessions.server";
import { newRecoveryCode } from "./recovery-codes.server";

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

describe("session list", () => {
  it("names a browser shortly, for a person to recognise", () => {
    expect(describeBrowser(FIREFOX)).toBe("Firefox 128 on Linux");
    expect(describeBrowser(IPHONE)).toBe("Mobile Safari 17 on iPhone");
    expect(describeBrowser("")).toBe("Unknown browser");
    expect(describeBrowser("curl/8.5.0")).toBe("Unknown browser");
  });

  it("names each session by a reference that is not its stored hash", () => {
    const ref = sessionRef("abc");
    expect(ref).toHaveLength(22);
    expect(ref).not.toContain("abc");
    expect(sessionRef("abc")).toBe(ref);
    expect(sessionRef("abd")).not.toBe(ref);
  });

  it("puts this device first and says how long ago the others were active", () => {
    const now = new Date("2025-03-04T19:30:00Z");
    const session = (idHash: string, minutesAgo: number): StaffSession => ({
      idHash,
      userId: "u",
      createdAt: new Date("2025-03-04T19:00:00Z"),
      lastSeenAt: new Date(now.getTime() - minutesAgo * 60_000),
      expiresAt: new Date(now.getTime() + 3600_000),
      endedAt: null,
      endedReason: null,
      ip: "203.0.113.9",
      userAgent: FIREFOX,
    });
    const rows = sessionRows([session("other", 12), session("mine", 0)], "mine", now);
    expect(rows.map((r) => [r.current, r.lastActive, r.started])).toEqual([
      [true, "Active now", "Mar 4, 2:00 PM"],
      [false, "Last active 12 minutes ago", "Mar 4, 2:00 PM"],
    ]);
  });
});

describe("recovery codes", () => {
  it("are readable, ten characters in two groups, without look-alike characters", () => {
    const codes = Array.from({ length: 200 }, newRecoveryCode);
    for (const code of codes) expect(code).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
    expect(new Set(codes).size).toBe(200);
  });
});
