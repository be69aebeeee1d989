import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { root } from "../setup/paths";

/**
 * Every HTTP endpoint can be found from app/routes.ts in one hop: React
 * Router's routes are in it by definition; what node:http or Express answer
 * before React Router (the analytics beacons, the health checks) is named
 * there in a comment that says where it lives.
 */
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");
const routeTable = read("app/routes.ts");

describe("the route table", () => {
  const served = [
    ...[...read("server/app.ts").matchAll(/app\.(?:get|post|put|delete|use)\("(\/[^"]+)"/g)].map((m) => m[1]!),
    ...[...read("server/api/analytics.ts").matchAll(/\["(\/api\/[^"]+)"/g)].map((m) => m[1]!),
  ].filter((p) => p !== "/assets");

  it("finds the endpoints served outside React Router", () => {
    expect(served).toEqual(
      expect.arrayContaining(["/healthz", "/readyz", "/api/analytics/page-view", "/api/analytics/event"]),
    );
  });

  it.each(served)("names %s and where it is served", (endpoint) => {
    const line = routeTable.split("\n").find((l) => l.includes(endpoint));
    expect(line, `app/routes.ts does not mention ${endpoint}`).toBeDefined();
    expect(line).toMatch(/server\//);
  });

  it.each(["api/leads", "api/newsletter/subscribe", "api/login", "api/logout", "api/user"])(
    "routes the JSON write %s through React Router",
    (endpoint) => {
      expect(routeTable).toMatch(new RegExp(`route\\("${endpoint}", "routes/api/`));
    },
  );
});
