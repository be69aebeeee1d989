import { describe, expect, it } from "vitest";
import { countOf, plural } from "./plural";

describe("counts with a noun", () => {
  it("uses the singular for exactly one and the plural otherwise", () => {
    expect(countOf(1, "visitor", "visitors")).toBe("1 visitor");
    expect(countOf(0, "visitor", "visitors")).toBe("0 visitors");
    expect(countOf(2, "visitor", "visitors")).toBe("2 visitors");
    expect(countOf(1.5, "day", "days")).toBe("1.5 days");
  });

  it("groups thousands and keeps irregular plurals", () => {
    expect(countOf(1204, "person", "people")).toBe("1,204 people");
    expect(plural(1, "search", "searches")).toBe("search");
    expect(plural(21, "search", "searches")).toBe("searches");
  });
});
