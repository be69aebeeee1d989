import {
  SIGN_IN_UNAVAILABLE_MESSAGE,
  SIGN_OUT_UNAVAILABLE_MESSAGE,
  USER_UNAVAILABLE_MESSAGE,
} from "~/features/auth/sign-in-status";
import type { Request, Response } from "express";
import {
  clearedSessionCookieHeader,
  cookieIsSecure,
  readSessionToken,
  sessionCookieHeader,
} from "~/features/auth/session-cookie.server";
import { CODE_NEEDED_MESSAGE, signIn, signOut } from "~/features/auth/sign-in.server";
import { signInSchema } from "~/features/auth/sign-in-schema";
import { currentStaff } from "~/features/auth/staff-guard.server";
import { toStaffUser } from "~/features/auth/staff-user";
import { handlerErrorResult, jsonEndpoint, sendResult, type EndpointResult } from "../json-endpoint";
import type { ApiDeps } from "./deps";

export const NOT_SIGNED_IN_MESSAGE = "You are not signed in.";
const NO_STORE = { "Cache-Control": "no-store" };

/** A handler's failure as an answer; a 503 says this endpoint's own sentence. */
function failureResult(error: unknown, deps: Pick<ApiDeps, "logger">, path: string, unavailable: string) {
  const result = handlerErrorResult(error, deps.logger, path);
  return result.status === 503
    ? { ...result, headers: { ...result.headers, ...NO_STORE }, body: { error: unavailable } }
    : result;
}

/**
 * The staff sign-in API of spec §7. Cross-site posts never reach these
 * (server/cross-site-guard.ts); answers are never cached.
 */
export function loginEndpoint({ database, services, logger }: ApiDeps) {
  return jsonEndpoint({
    schema: signInSchema,
    maxBytes: 4 * 1024,
    logger,
    async handle(input, client): Promise<EndpointResult> {
      const currentToken = await readSessionToken(client.cookieHeader);
      let outcome;
      try {
        outcome = await signIn(database.db, services.secret, input, { ...client, currentToken });
      } catch (error) {
        return failureResult(error, { logger }, "/api/login", SIGN_IN_UNAVAILABLE_MESSAGE);
      }
      // The outcome only: never the address typed or the password.
      logger.info({ outcome: outcome.kind }, "staff sign-in");
      switch (outcome.kind) {
        case "signed_in": {
          const secure = cookieIsSecure(client.url ?? "", services.secureCookies);
          return {
            status: 200,
            headers: { ...NO_STORE, "Set-Cookie": await sessionCookieHeader(outcome.token, secure) },
            body: outcome.user,
          };
        }
        case "code_needed":
          return { status: 401, headers: NO_STORE, body: { error: CODE_NEEDED_MESSAGE, twoFactorRequired: true } };
        case "refused":
          return { status: 401, headers: NO_STORE, body: { error: outcome.message } };
        case "locked":
          return {
            status: 429,
            headers: { ...NO_STORE, "Retry-After": String(outcome.retryAfterSeconds) },
            body: { error: outcome.message },
          };
      }
    },
  });
}

/** Runs a handler with the same 503/500 answers as the JSON writes (a 503 in the endpoint's words). */
function guarded(deps: ApiDeps, unavailable: string, handler: (req: Request, res: Response) => Promise<void>) {
  return async (req: Request, res: Response) => {
    try {
      await handler(req, res);
    } catch (error) {
      sendResult(res, failureResult(error, deps, req.path, unavailable));
    }
  };
}

/** POST /api/logout: ends the session on the server and clears the cookie. Signing out twice is not an error. */
export function logoutEndpoint(deps: ApiDeps) {
  return guarded(deps, SIGN_OUT_UNAVAILABLE_MESSAGE, async (req, res) => {
    await signOut(deps.database.db, req.get("cookie"), req.ip ?? "");
    const secure = cookieIsSecure(`${req.protocol}:`, deps.services.secureCookies);
    res
      .status(200)
      .set({ ...NO_STORE, "Set-Cookie": await clearedSessionCookieHeader(secure) })
      .json({ status: "signed_out" });
  });
}

/** GET /api/user: the signed-in staff member, or 401 (the client reads that as "signed out"). */
export function currentUserEndpoint(deps: ApiDeps) {
  return guarded(deps, USER_UNAVAILABLE_MESSAGE, async (req, res) => {
    const active = await currentStaff(deps.database.db, req.get("cookie"));
    res.set(NO_STORE);
    if (!active) {
      res.status(401).json({ error: NOT_SIGNED_IN_MESSAGE });
      return;
    }
    res.status(200).json(toStaffUser(active.user));
  });
}
