import { expect, it } from "vitest";
import { describeOnEachDatabase } from "../../tests/setup/database-suite";

describeOnEachDatabase("database", (getDatabase) => {
  it("applies migrations idempotently", async () => {
    await getDatabase().migrate();
    await getDatabase().migrate();
    await expect(getDatabase().ping()).resolves.toBeUndefined();
  });
});
