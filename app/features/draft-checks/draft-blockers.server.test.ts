import { describe, expect, it } from "vitest";
import { draftBlockers, makeCheckOverride } from "./draft-blockers.server";
import type { Finding } from "./draft-types";

const finding = (id: string, severity: Finding["severity"]): Finding => ({
  id,
  severity,
  title: id,
  explanation: "",
  fix: "",
});
const FINDINGS = [finding("crisis-help", "error"), finding("epidemic", "error"), finding("reading-level", "warning")];
const REASON = "The post quotes a 1990s headline to show how reporting has changed; the clinician reviewed it.";

describe("what blocks sending a draft to review", () => {
  it("is blocked by errors only, and free with warnings alone", () => {
    expect(draftBlockers(FINDINGS)).toMatchObject({ blocked: true, errors: FINDINGS.slice(0, 2), overridden: [] });
    expect(draftBlockers([finding("reading-level", "warning")]).blocked).toBe(false);
    expect(draftBlockers([]).blocked).toBe(false);
  });

  it("is let through by a clinician's override of exactly those errors; a new error blocks again", () => {
    const made = makeCheckOverride(
      { id: "u-clin", roles: ["clinician"] },
      7,
      { reason: REASON, findingIds: ["crisis-help", "epidemic"] },
      FINDINGS,
      new Date("2026-11-26T21:00:00Z"),
    );
    expect(made).toMatchObject({
      ok: true,
      override: {
        findingIds: ["crisis-help", "epidemic"],
        reason: REASON,
        by: "u-clin",
        at: "2026-11-26T21:00:00.000Z",
      },
      audit: {
        action: "draft_checks_overridden",
        target: { type: "blog_post", id: "7" },
        detail: { findings: ["crisis-help", "epidemic"], reason: REASON },
      },
    });
    if (!made.ok) throw new Error("refused");
    expect(draftBlockers(FINDINGS, made.override)).toMatchObject({ blocked: false, errors: [] });
    const later = [...FINDINGS, finding("method-details", "error")];
    expect(draftBlockers(later, made.override)).toMatchObject({ blocked: true, errors: [later[3]] });
  });

  it("refuses an override from anyone without blog-approve, without a reason, or of errors the draft no longer has", () => {
    const input = { reason: REASON, findingIds: ["crisis-help"] };
    expect(makeCheckOverride({ id: "u1", roles: ["admin", "marketing"] }, 7, input, FINDINGS)).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(
      makeCheckOverride(
        { id: "u2", roles: ["clinician"] },
        7,
        { reason: "  ok ", findingIds: ["crisis-help"] },
        FINDINGS,
      ),
    ).toMatchObject({ ok: false, status: 400, fields: { reason: expect.stringContaining("20 characters or more") } });
    expect(
      makeCheckOverride({ id: "u2", roles: ["clinician"] }, 7, { ...input, findingIds: ["method-details"] }, FINDINGS),
    ).toMatchObject({ ok: false, status: 400, fields: { findingIds: "These are no longer the draft's errors." } });
  });
});
