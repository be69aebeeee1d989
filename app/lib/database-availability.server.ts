import { createContext } from "react-router";

/**
 * A write that cannot reach the database must fail fast and clearly: the
 * visitor still has the form and the clinic's phone number. 1.5 s leaves
 * room to answer within the 2 s promised.
 */
export const DATABASE_DEADLINE_MS = 1500;

export class DatabaseUnavailableError extends Error {
  override name = "DatabaseUnavailableError";
  constructor(cause?: unknown) {
    super("The database is not answering.", { cause });
  }
}

const connectionCodes = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EHOSTUNREACH"]);

/** True for errors that mean "the database is away", not "this query is wrong". */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") {
    if (connectionCodes.has(code)) return true;
    // SQLSTATE class 08 (connection exception), 57P0x (server shutting down), 53300 (too many connections).
    if (code.startsWith("08") || code.startsWith("57P0") || code === "53300") return true;
  }
  if (
    /connection terminated|timeout exceeded when trying to connect|pool.*(ended|closed)|PGlite is closed/i.test(
      error.message,
    )
  ) {
    return true;
  }
  return error.cause !== undefined && isDatabaseUnavailable(error.cause);
}

/**
 * Runs database work with a deadline. On time-out or a connection error it
 * throws DatabaseUnavailableError. (Work that is already on its way may still
 * commit after the deadline: the visitor then sends it again, and a duplicate
 * request is better than a lost one.)
 */
export async function withDatabaseDeadline<T>(work: () => Promise<T>, ms = DATABASE_DEADLINE_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DatabaseUnavailableError()), ms);
  });
  try {
    return await Promise.race([work(), deadline]);
  } catch (error) {
    if (isDatabaseUnavailable(error))
      throw error instanceof DatabaseUnavailableError ? error : new DatabaseUnavailableError(error);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Set once a request has found the database away (a page action that timed
 * out, say): the loaders that run after it in the same request render with
 * built-in fallbacks instead of waiting out the deadline again, so the
 * visitor gets the 503 page with their form within 2 s.
 */
export const databaseAwayContext = createContext<boolean>(false);
