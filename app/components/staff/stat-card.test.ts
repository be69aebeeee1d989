import { describe, expect, it } from "vitest";
import { statChange } from "./stat-card";

const count = (n: number) => String(n);
const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

describe("a figure's change since the period before, in words", () => {
  it("gives counts and times a percentage, with a decimal under 10 %, and says which way is better", () => {
    expect(statChange(50, 40, { format: count, good: "up" })).toEqual({
      direction: "up",
      words: "Up 25% from 40",
      verdict: "better",
    });
    expect(statChange(39.7, 40, { format: count, good: "up" })).toMatchObject({
      words: "Down 0.7% from 40",
      verdict: "worse",
    });
    // Shorter waits are better.
    expect(statChange(90, 120, { format: count, good: "down" })).toMatchObject({
      direction: "down",
      verdict: "better",
    });
    expect(statChange(5, 4, { format: count })).toMatchObject({ words: "Up 25% from 4", verdict: null });
  });

  it("gives shares percentage points, not a percentage of a percentage", () => {
    expect(statChange(0.45, 0.4, { change: "points", format: percent, good: "up" })).toEqual({
      direction: "up",
      words: "Up 5 points from 40.0%",
      verdict: "better",
    });
    expect(statChange(0.39, 0.4, { change: "points", format: percent })).toMatchObject({
      words: "Down 1 point from 40.0%",
    });
    expect(statChange(0.25, 0, { change: "points", format: percent })).toMatchObject({
      words: "Up 25 points from 0.0%",
    });
  });

  it("says when there is nothing to compare with, rather than inventing a change", () => {
    expect(statChange(3, null, { format: count })).toEqual({
      direction: "none",
      words: "No earlier data to compare with",
      verdict: null,
    });
    expect(statChange(3, 0, { format: count, good: "up" })).toEqual({
      direction: "none",
      words: "No earlier data (none in the period before)",
      verdict: null,
    });
    expect(statChange(7, 7, { format: count, good: "up" })).toMatchObject({
      direction: "same",
      words: "Same as before (7)",
    });
  });
});
