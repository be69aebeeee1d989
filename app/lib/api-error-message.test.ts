import { describe, expect, it } from "vitest";
import { apiErrorMessage, TRY_LATER } from "./api-error-message";

const failed = (status: number, body: string) => new Error(`${status}: ${body}`);

describe("apiErrorMessage", () => {
  it("shows the server's sentence from a JSON error body", () => {
    const busy = "Too many requests from your connection. Please try again in a minute, or call the clinic.";
    expect(apiErrorMessage(failed(429, JSON.stringify({ error: busy })))).toBe(busy);
  });

  it("prefers the one refused field's own message", () => {
    const body = { error: "Please check: email.", fields: { email: "Please enter a valid email address." } };
    expect(apiErrorMessage(failed(400, JSON.stringify(body)))).toBe("Please enter a valid email address.");
    const two = { error: "Please check: email, source.", fields: { email: "a", source: "b" } };
    expect(apiErrorMessage(failed(400, JSON.stringify(two)))).toBe("Please check: email, source.");
  });

  it("falls back to 'Please try again later.' when there is no readable message", () => {
    expect(apiErrorMessage(failed(502, "<html>Bad Gateway</html>"))).toBe(TRY_LATER);
    expect(apiErrorMessage(failed(500, "Internal Server Error"))).toBe(TRY_LATER);
    expect(apiErrorMessage(failed(400, JSON.stringify({ error: "" })))).toBe(TRY_LATER);
    expect(apiErrorMessage(failed(400, "null"))).toBe(TRY_LATER);
    expect(apiErrorMessage(new TypeError("Failed to fetch"))).toBe(TRY_LATER);
    expect(apiErrorMessage("nope")).toBe(TRY_LATER);
  });
});
