import { describe, expect, it } from "vitest";
import { namesInlineFacts, withInlineFacts } from "./inline-facts";
import { withFallbacks } from "./site-content";

describe("the clinic's facts named inline in a page body", () => {
  const site = withFallbacks({ footerPhone: "(407) 555-0177", replyPromise: "within one business day" });

  it("fills the phone, the address and the reply promise from site content", () => {
    const body = "Call {{phone}} or write to {{ address }}. We reply {{reply-promise}}.";
    expect(namesInlineFacts(body)).toBe(true);
    expect(withInlineFacts(body, site)).toBe(
      "Call (407) 555-0177 or write to 1450 Osprey Lake Drive, Suite 210, Orlando, FL 32810. We reply within one business day.",
    );
  });

  it("leaves other text and the block lines alone", () => {
    const body = "{{team}}\n\nNo facts here, {{unknown}} either.";
    expect(namesInlineFacts(body)).toBe(false);
    expect(withInlineFacts(body, site)).toBe(body);
  });
});
