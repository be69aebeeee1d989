import pino from "pino";

export type Logger = pino.Logger;

/**
 * JSON logs on stdout. Request bodies, query strings, cookies and IP addresses
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
  return destination ? pino(options, destination) : pino(options);
}
