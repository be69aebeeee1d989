import { describe, expect, it } from "vitest";
import { shortName, waitedWords } from "./dashboard-words";

describe("dashboard words", () => {
  it("shows a first name and a last initial only", () => {
    expect(shortName("Avery", "Quinn Testperson")).toBe("Avery Q.");
    expect(shortName(" Sam ", "")).toBe("Sam");
    expect(shortName("Zoë", "élan")).toBe("Zoë É.");
  });

  it("words the wait against the 24-hour promise", () => {
    expect(waitedWords(0)).toEqual({ text: "Just arrived", late: false });
    expect(waitedWords(25)).toEqual({ text: "Waiting 25 min", late: false });
    expect(waitedWords(3 * 60 + 59)).toEqual({ text: "Waiting 3 h", late: false });
    expect(waitedWords(24 * 60 - 1)).toEqual({ text: "Waiting 23 h", late: false });
    expect(waitedWords(24 * 60)).toEqual({ text: "Over 24 h — 24 h", late: true });
    expect(waitedWords(31 * 60 + 10)).toEqual({ text: "Over 24 h — 31 h", late: true });
    expect(waitedWords(68 * 60)).toEqual({ text: "Over 24 h — 2 d 20 h", late: true });
    expect(waitedWords(4 * 24 * 60 + 5)).toEqual({ text: "Over 24 h — 4 d", late: true });
  });
});
