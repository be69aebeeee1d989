import type { RouterContextProvider } from "react-router";
import { answerJsonWrite, clientContext, databaseContext, servicesContext } from "~/context";
import { answerResponse, failureAnswer, type WriteAnswer } from "~/lib/json-write.server";
import {
  clearedSessionCookieHeader,
  cookieIsSecure,
  readSessionToken,
  sessionCookieHeader,
} from "./session-cookie.server";
import { CODE_NEEDED_MESSAGE, signIn, signOut } from "./sign-in.server";
import { signInSchema } from "./sign-in-schema";
import { SIGN_IN_UNAVAILABLE_MESSAGE, SIGN_OUT_UNAVAILABLE_MESSAGE, USER_UNAVAILABLE_MESSAGE } from "./sign-in-status";
import { currentStaff } from "./staff-guard.server";
import { toStaffUser } from "./staff-user";

/**
 * The staff sign-in API of spec §7, as the resource routes of
 * app/routes/api/ (login, logout, user). Cross-site posts never reach these
 * (server/cross-site-guard.ts); answers are never cached.
 */

export const NOT_SIGNED_IN_MESSAGE = "You are not signed in.";
const NO_STORE = { "Cache-Control": "no-store" };

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** A handler's failure as an answer; a 503 says this endpoint's own sentence. */
function failure({ request, context }: Args, error: unknown, unavailable: string): WriteAnswer {
  const answer = failureAnswer(error, context.get(servicesContext).logger, new URL(request.url).pathname);
  return answer.status === 503
    ? { ...answer, headers: { ...answer.headers, ...NO_STORE }, body: { error: unavailable } }
    : answer;
}

/** POST /api/login: e-mail, password and (when asked for) the code; a session cookie on success. */
export async function login(args: Args): Promise<Response> {
  const { request, context } = args;
  return answerJsonWrite(request, context, {
    schema: signInSchema,
    maxBytes: 4 * 1024,
    async handle(input, { db, services, ip, userAgent }): Promise<WriteAnswer> {
      const currentToken = await readSessionToken(request.headers.get("cookie"));
      let outcome;
      try {
        outcome = await signIn(db, services.secret, input, { ip, userAgent, currentToken });
      } catch (error) {
        return failure(args, error, SIGN_IN_UNAVAILABLE_MESSAGE);
      }
      // The outcome only: never the address typed or the password.
      services.logger.info({ outcome: outcome.kind }, "staff sign-in");
      switch (outcome.kind) {
        case "signed_in": {
          const secure = cookieIsSecure(request.url, services.secureCookies);
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

/** POST /api/logout: ends the session on the server and clears the cookie. Signing out twice is not an error. */
export async function logout(args: Args): Promise<Response> {
  const { request, context } = args;
  const services = context.get(servicesContext);
  try {
    await signOut(context.get(databaseContext).db, request.headers.get("cookie"), context.get(clientContext).ip);
  } catch (error) {
    return answerResponse(failure(args, error, SIGN_OUT_UNAVAILABLE_MESSAGE));
  }
  const cleared = await clearedSessionCookieHeader(cookieIsSecure(request.url, services.secureCookies));
  return answerResponse({
    status: 200,
    headers: { ...NO_STORE, "Set-Cookie": cleared },
    body: { status: "signed_out" },
  });
}

/** GET /api/user: the signed-in staff member, or 401 (the client reads that as "signed out"). */
export async function currentUser(args: Args): Promise<Response> {
  const { request, context } = args;
  let active;
  try {
    active = await currentStaff(context.get(databaseContext).db, request.headers.get("cookie"));
  } catch (error) {
    return answerResponse(failure(args, error, USER_UNAVAILABLE_MESSAGE));
  }
  if (!active) return answerResponse({ status: 401, headers: NO_STORE, body: { error: NOT_SIGNED_IN_MESSAGE } });
  return answerResponse({ status: 200, headers: NO_STORE, body: toStaffUser(active.user) });
}
