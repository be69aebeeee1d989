import type { Db } from "~/db/client.server";
import { holdImport, saveImport, storedFacts } from "~/features/ad-performance/imports.server";
import { planImport } from "~/features/ad-performance/plan-import.server";
import { readAdsReport } from "~/features/ad-performance/read-report.server";
import { problemText } from "~/lib/upload-problems";

/** A report imported as the page does it (read, planned, held, saved), by this staff member. */
export async function importReport(db: Db, userId: string, name: string, bytes: Uint8Array) {
  const reading = readAdsReport({ name, bytes });
  if (!reading.ok) throw new Error(reading.problems.map(problemText).join("\n"));
  const planned = planImport(reading.report, { currency: "" }, await storedFacts(db));
  if (!planned.ok) throw new Error(planned.problems.map(problemText).join("\n") || JSON.stringify(planned.fields));
  const held = await holdImport(db, userId, planned.plan);
  const saved = await saveImport(db, held.id, { id: userId, email: "test@clinic.example", ip: "127.0.0.1" });
  if (!saved.ok) throw new Error(saved.message);
  return saved;
}
