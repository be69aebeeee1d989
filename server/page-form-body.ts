import express, { type NextFunction, type Request, type Response } from "express";
import { LONG_TEXT_FORM_MAX_BYTES, megabytes, uploadFormLimit, UPLOAD_FORM_LIMITS } from "~/lib/upload-limits";
import type { Logger } from "./logger";

// A page form holds a few short fields; this is generous.
export const PAGE_FORM_MAX_BYTES = 32 * 1024;

/**
 * Page actions (forms posted without JavaScript) get their body read here,
 * bounded, so React Router never streams an unbounded upload: 415 for a body
 * that is not a form, 413 past the limit. The bytes are handed on unchanged.
 * The few pages that take a file upload (app/lib/upload-limits.ts) have a
 * larger bound of their own.
 */
export function pageFormBody(logger: Logger) {
  const readers = new Map<number, ReturnType<typeof express.raw>>();
  for (const limit of [PAGE_FORM_MAX_BYTES, LONG_TEXT_FORM_MAX_BYTES, ...Object.values(UPLOAD_FORM_LIMITS)]) {
    if (!readers.has(limit)) readers.set(limit, express.raw({ type: () => true, limit }));
  }
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD" || req.path.startsWith("/api/")) return next();
    const hasBody = req.get("content-length") !== undefined || req.get("transfer-encoding") !== undefined;
    if (hasBody && !req.is(["application/x-www-form-urlencoded", "multipart/form-data"])) {
      res.status(415).type("text/plain").send("This page accepts form submissions only.");
      return;
    }
    const upload = uploadFormLimit(req.path);
    const read = readers.get(upload ?? PAGE_FORM_MAX_BYTES)!;
    read(req, res, (error?: unknown) => {
      if (!error) return next();
      const e = error as { type?: string; status?: number };
      const status = e.type === "entity.too.large" ? 413 : e.status && e.status < 500 ? e.status : 400;
      logger.info({ path: req.path, status }, "page form body refused");
      const tooLarge =
        upload && upload !== LONG_TEXT_FORM_MAX_BYTES
          ? `These files are too large to upload here (the limit is ${megabytes(upload)}).`
          : "This form submission is too large.";
      // The rest of the body was never read: this connection cannot carry another request.
      res
        .set("Connection", "close")
        .status(status)
        .type("text/plain")
        .send(status === 413 ? tooLarge : "This form submission could not be read.");
    });
  };
}
