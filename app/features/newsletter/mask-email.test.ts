import { describe, expect, it } from "vitest";
import { maskEmail } from "./mask-email";

describe("maskEmail", () => {
  it("keeps the first character and the domain only", () => {
    expect(maskEmail("ana.diaz@example.com")).toBe("a•••@example.com");
    expect(maskEmail("b@example.org")).toBe("b•••@example.org");
  });
  it("never echoes something that is not an address", () => {
    expect(maskEmail("no-at-sign")).toBe("•••");
    expect(maskEmail("@example.com")).toBe("•••");
  });
});
