import pino from "pino";
import { prettyDestination } from "./log-lines";

export type Logger = pino.Logger;

/**
 * Logs on stdout: one JSON object a line for a log collector, and readable
 * lines (server/log-lines.ts) when a person is watching (stdout is a terminal). Request bodies, query strings, cookies and IP addresses
 * are never logged: on this site they can carry health information.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: ["req.headers", "req.body", "body", "email", "phone", "*.email", "*.phone"],
      remove: true,
    },
  };
  if (destination) return pino(options, destination);
  return process.stdout.isTTY ? pino(options, prettyDestination()) : pino(options);
}
