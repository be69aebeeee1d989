import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { auditCore, childCoreEnv, keepServerOffAuditCore, parseCores, restoreMainThread } from "./audit-cores";

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

  // This test process stands in for the server (its main thread is the one kept off the core) and for the child
  // (it reads what the server tells the child).
  it("keeps the server's main thread, and only it, off the audit's core until undone", async () => {
    const all = coresOf(process.pid);
    const core = auditCore(all);
    const helpers = fs.readdirSync(`/proc/${process.pid}/task`).filter((tid) => tid !== String(process.pid));
    const told = childCoreEnv();
    const kept = keepServerOffAuditCore(told);
    await kept.settled;
    if (core === null) {
      // One core: nothing to split, nothing told, nothing changed.
      expect(told).toEqual({});
      expect(coresOf(process.pid)).toBe(all);
    } else {
      expect(told).toEqual({
        AUDIT_CORE: String(core),
        AUDIT_SERVER_CORES: all,
        AUDIT_SERVER_PID: String(process.pid),
      });
      expect(parseCores(coresOf(process.pid))).toEqual(parseCores(all).filter((c) => c !== core));
      for (const tid of helpers) expect(coresOf(tid), `thread ${tid}`).toBe(all);
    }
    await kept.undo();
    expect(coresOf(process.pid)).toBe(all);
    // Undone twice (a run settled more than once): still every core.
    await kept.undo();
    expect(coresOf(process.pid)).toBe(all);
  });

  it("gives the server's main thread its cores back when the child went mid-run without undoing", async () => {
    const all = coresOf(process.pid);
    const kept = keepServerOffAuditCore(childCoreEnv());
    await kept.settled;
    // The child is gone: its undo never comes; the server restores by itself.
    restoreMainThread();
    await expect.poll(() => coresOf(process.pid), { timeout: 5000 }).toBe(all);
  });
});
