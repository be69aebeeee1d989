import { describe, expect, it } from "vitest";
import { auditActions } from "~/features/auth/audit.server";
import { auditActionLabel, auditActionLabels, auditTargetWords, summariseAuditDetail } from "./audit-labels";

describe("audit trail words", () => {
  it("words every action the trail records, each differently", () => {
    const labels = auditActions.map((action) => auditActionLabels[action]);
    expect(labels.every((label) => typeof label === "string" && label.length > 0)).toBe(true);
    expect(new Set(labels).size).toBe(auditActions.length);
    expect(auditActionLabel("lead_viewed")).toBe("Opened a lead's details");
    // An action written by a newer version still reads as words.
    expect(auditActionLabel("blog_post_published")).toBe("Blog post published");
  });

  it("summarises known details in words and anything else as key: value", () => {
    expect(summariseAuditDetail({})).toBe("");
    expect(summariseAuditDetail({ reason: "wrong_password" })).toBe("Reason: wrong password");
    expect(summariseAuditDetail({ secondFactor: "recovery_code" })).toBe("with a recovery code");
    expect(summariseAuditDetail({ from: "staff", to: "admin" })).toBe("staff → administrator");
    expect(summariseAuditDetail({ from: ["intake"], to: ["admin", "marketing"] })).toBe(
      "intake → administrator and marketing",
    );
    expect(summariseAuditDetail({ setting: "require_two_factor", value: true, endedSessions: 3 })).toBe(
      "Setting: require_two_factor; Value: yes; Ended sessions: 3",
    );
    expect(summariseAuditDetail({ note: "x".repeat(200) })).toBe(`Note: ${"x".repeat(79)}…`);
    expect(summariseAuditDetail({ range: { preset: "30d", from: "2026-10-26", to: "2026-11-24" } })).toBe(
      "Range: 2026-10-26 to 2026-11-24",
    );
  });

  it("names a target account by its holder, and anything else by kind and id", () => {
    expect(auditTargetWords(null, null, null)).toBeNull();
    expect(auditTargetWords("user", "0b0c…", "Blair Staff")).toBe("Account: Blair Staff");
    expect(auditTargetWords("user", "0b0c…", null)).toBe("Account (no longer listed)");
    expect(auditTargetWords("lead", "6f1d2c3b-0000-4000-8000-000000000000", null)).toBe("Lead 6f1d2c3b");
    expect(auditTargetWords("setting", "staff_require_two_factor", null)).toBe("Setting: staff require two factor");
  });
});
