import { describe, expect, it } from "vitest";
import { durationWords, shortName, waitedWords } from "./lead-words";

describe("lead words", () => {
  it("shortens a name to the first name and the last name's initial", () => {
    expect(shortName("Avery", "Quinn Testperson")).toBe("Avery Q.");
    expect(shortName(" Sam ", "")).toBe("Sam");
    expect(shortName("Zoë", "élan")).toBe("Zoë É.");
  });

  it("says how long a request has waited, and when it is past the promise", () => {
    expect(waitedWords(0)).toEqual({ text: "Just arrived", late: false });
    expect(waitedWords(25)).toEqual({ text: "Waiting 25 min", late: false });
    expect(waitedWords(3 * 60 + 59)).toEqual({ text: "Waiting 3 h", late: false });
    expect(waitedWords(24 * 60 - 1)).toEqual({ text: "Waiting 23 h", late: false });
    expect(waitedWords(24 * 60)).toEqual({ text: "Over 24 h — 24 h", late: true });
    expect(waitedWords(31 * 60 + 10)).toEqual({ text: "Over 24 h — 31 h", late: true });
    expect(waitedWords(68 * 60)).toEqual({ text: "Over 24 h — 2 d 20 h", late: true });
    expect(waitedWords(4 * 24 * 60 + 5)).toEqual({ text: "Over 24 h — 4 d", late: true });
  });

  it("measures the wait against the clinic's own promise when it is not 24 hours", () => {
    expect(waitedWords(7 * 60 + 59, 8)).toEqual({ text: "Waiting 7 h", late: false });
    expect(waitedWords(8 * 60, 8)).toEqual({ text: "Over 8 h — 8 h", late: true });
  });

  it("puts a length of time in words", () => {
    expect(durationWords(0.4)).toBe("under 1 min");
    expect(durationWords(12)).toBe("12 min");
    expect(durationWords(200)).toBe("3 h 20 min");
    expect(durationWords(47 * 60)).toBe("47 h");
    expect(durationWords(52 * 60)).toBe("2 d 4 h");
  });
});
