import { describe, expect, it } from "vitest";
import { prettyDestination, prettyLogLine } from "./log-lines";
import { createLogger } from "./logger";

describe("log lines for a person at a terminal", () => {
  it("shows the time, the message and the other fields, without repeating the address", () => {
    const line = JSON.stringify({
      level: 30,
      time: "2026-11-27T14:03:07.412Z",
      url: "http://localhost:3000",
      database: "pglite",
      startupMs: 812,
      msg: "ready at http://localhost:3000",
    });
    expect(prettyLogLine(line)).toBe("14:03:07 ready at http://localhost:3000  database=pglite startupMs=812");
  });

  it("names warnings and errors, and passes other text through", () => {
    expect(prettyLogLine(JSON.stringify({ level: 40, time: "2026-11-27T01:02:03Z", msg: "daily jobs paused" }))).toBe(
      "01:02:03 warning: daily jobs paused",
    );
    expect(
      prettyLogLine(JSON.stringify({ level: 50, time: "2026-11-27T01:02:03Z", err: { name: "X" }, msg: "failed" })),
    ).toBe('01:02:03 ERROR failed  err={"name":"X"}');
    expect(prettyLogLine("> start")).toBe("> start");
  });

  it("is what the server's logger writes through the pretty destination, redactions kept", () => {
    const written: string[] = [];
    const logger = createLogger("info", prettyDestination({ write: (text) => written.push(text) }));
    logger.info({ email: "someone@example.com", path: "/contact" }, "request");
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/^\d\d:\d\d:\d\d request {2}path=\/contact\n$/);
  });
});
