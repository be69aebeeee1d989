import { describe, expect, it } from "vitest";
import { compactMinutes, formatShare, shareWords } from "./report-format";

describe("report figures in words", () => {
  it("writes shares with at most one decimal, and a dash for none", () => {
    expect(formatShare(2 / 9)).toBe("22.2%");
    expect(formatShare(1)).toBe("100%");
    expect(shareWords(null)).toBe("—");
  });

  it("fits a wait into a heat-map cell", () => {
    expect([0.5, 30, 150, 2580, 4290, 32_250].map(compactMinutes)).toEqual(["<1m", "30m", "2.5h", "43h", "3d", "22d"]);
  });
});
