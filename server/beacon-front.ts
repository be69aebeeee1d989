import type { IncomingMessage, ServerResponse } from "node:http";
import { CROSS_SITE_MESSAGE, isCrossSiteWrite } from "./cross-site-guard";
import type { JsonWrite } from "./json-endpoint";
import type { Logger } from "./logger";
import { DEFAULT_CSP, securityHeaders } from "./security-headers";

/**
 * Serves the analytics beacons (POST /api/analytics/*) from the node:http
 * front, before Express: they arrive by the thousand, and Express's router
 * and middleware cost more than their database work. Everything a client can
 * observe is the same as for the other writes: the same cross-site refusal,
 * the same JSON pipeline (createJsonWrite), the same headers. Returns false
 * for any other request.
 */
export function createBeaconFront(options: {
  writes: Map<string, JsonWrite>;
  publicUrl: string;
  isSecure: (req: IncomingMessage) => boolean;
  clientAddress: (req: IncomingMessage) => string;
  logger: Logger;
}) {
  const publicOrigin = new URL(options.publicUrl).origin;
  const base = (secure: boolean): [string, string][] => [
    ...securityHeaders(secure, "resource"),
    ["Content-Security-Policy", DEFAULT_CSP],
    ["Content-Type", "application/json; charset=utf-8"],
    // No Cache-Control: no-store here. Chromium then never finishes a keepalive
    // request whose small body the page does not read (seen as a request that
    // never ends); POST answers are not cached anyway.
  ];
  const flatHeaders = { http: base(false).flat(), https: base(true).flat() };

  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== "POST") return false;
    const url = req.url ?? "";
    const query = url.indexOf("?");
    const path = query < 0 ? url : url.slice(0, query);
    const write = options.writes.get(path);
    if (!write) return false;

    const started = performance.now();
    const secure = options.isSecure(req);
    const send = (status: number, body: unknown, extra: Record<string, string> = {}, close = false) => {
      const payload = JSON.stringify(body);
      // One flat header list for writeHead: cheaper than a setHeader per header.
      const headers: string[] = [...flatHeaders[secure ? "https" : "http"]];
      for (const [name, value] of Object.entries(extra)) headers.push(name, value);
      if (close) headers.push("Connection", "close");
      headers.push("Content-Length", String(Buffer.byteLength(payload)));
      res.writeHead(status, headers);
      res.end(payload);
      // Beacons are many: their request lines are debug-level.
      if (options.logger.isLevelEnabled("debug")) {
        const ms = Math.round((performance.now() - started) * 10) / 10;
        options.logger.debug({ method: "POST", path, status, ms }, "request");
      }
    };

    const host = req.headers.host ?? "";
    if (isCrossSiteWrite(req.headers, `${secure ? "https" : "http"}://${host}`, publicOrigin)) {
      send(403, { error: CROSS_SITE_MESSAGE });
      return true;
    }
    const client = {
      ip: options.clientAddress(req),
      userAgent: req.headers["user-agent"] ?? "",
      hostname: host.replace(/:\d+$/, ""),
    };
    write(req, client, path).then(
      (result) => send(result.status, result.body, result.headers, result.closeConnection),
      (error: unknown) => {
        options.logger.error({ path, err: { name: (error as Error)?.name } }, "beacon failed");
        send(500, { error: "Something went wrong on our side." }, {}, true);
      },
    );
    return true;
  };
}
