import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { auditCore, childCoreEnv, keepMainThreadOffAuditCore, parseCores } from "./audit-cores";

/** A thread's cores as the kernel has them now. */
const coresOf = (tid: number | string) =>
  /Cpus_allowed_list:\s*(\S+)/.exec(fs.readFileSync(`/proc/${process.pid}/task/${tid}/status`, "utf8"))![1]!;

describe("the audit's core and the server's main thread", () => {
  it("reads the kernel's core lists and names the last core, when there is more than one", () => {
    expect(parseCores("0-2,5")).toEqual([0, 1, 2, 5]);
    expect(parseCores("3")).toEqual([3]);
    expect(auditCore("0-3")).toBe(3);
    expect(auditCore("1,4")).toBe(4);
    expect(auditCore("0")).toBeNull();
    expect(auditCore(null)).toBeNull();
  });

  // This test process stands in for the server: its main thread is the one kept off the core.
  it("keeps this process's main thread, and only it, off the audit's core until undone", async () => {
    const all = coresOf(process.pid);
    const core = auditCore(all);
    const helpers = fs.readdirSync(`/proc/${process.pid}/task`).filter((tid) => tid !== String(process.pid));
    const kept = keepMainThreadOffAuditCore();
    await kept.settled;
    if (core === null) {
      // One core: nothing to split, nothing changed.
      expect(coresOf(process.pid)).toBe(all);
      expect(childCoreEnv()).toEqual({});
    } else {
      expect(parseCores(coresOf(process.pid))).toEqual(parseCores(all).filter((c) => c !== core));
      for (const tid of helpers) expect(coresOf(tid), `thread ${tid}`).toBe(all);
      expect(childCoreEnv()).toEqual({ AUDIT_CORE: String(core) });
    }
    await kept.undo();
    expect(coresOf(process.pid)).toBe(all);
    // Undone twice (a run settled more than once): still every core.
    await kept.undo();
    expect(coresOf(process.pid)).toBe(all);
  });
});
