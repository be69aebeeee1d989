import { describe, expect, it } from "vitest";
import { compactMinutes, formatShare, shareWords, waitShades } from "./report-format";

describe("report figures in words", () => {
  it("writes shares with at most one decimal, and a dash for none", () => {
    expect(formatShare(2 / 9)).toBe("22.2%");
    expect(formatShare(1)).toBe("100%");
    expect(shareWords(null)).toBe("—");
  });

  it("fits a wait into a heat-map cell", () => {
    expect([0.5, 30, 150, 2580, 4290, 32_250].map(compactMinutes)).toEqual(["<1m", "30m", "2.5h", "43h", "3d", "22d"]);
  });

  it("shades waits against the promise, whatever its length", () => {
    expect(waitShades(24)).toEqual({
      limits: [60, 240, 1440, 2880],
      labels: [
        "Under 1 h",
        "1 h to 4 h",
        "4 h to 24 h: within the promise",
        "24 h to 2 d: late",
        "Over 2 d: very late",
      ],
    });
    expect(waitShades(2).limits).toEqual([30, 60, 120, 240]);
    expect(waitShades(2).labels[2]).toBe("1 h to 2 h: within the promise");
  });
});
