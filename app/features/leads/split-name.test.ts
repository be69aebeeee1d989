import { describe, expect, it } from "vitest";
import { splitFullName } from "./split-name";

describe("full name split (spec §5)", () => {
  it.each([
    ["Ana", { firstName: "Ana", lastName: "" }],
    ["Ana Maria Lopez", { firstName: "Ana", lastName: "Maria Lopez" }],
    ["  Ana   Lopez  ", { firstName: "Ana", lastName: "Lopez" }],
    ["Jean-Luc Picard", { firstName: "Jean-Luc", lastName: "Picard" }],
  ])("%j", (input, expected) => {
    expect(splitFullName(input)).toEqual(expected);
  });
});
