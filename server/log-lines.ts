import type pino from "pino";

/**
 * A log entry as a person at a terminal reads it: the clock time, the
 * message, then its other fields as key=value ("14:03:07 ready at
 * http://localhost:3000  database=pglite startupMs=812"). Warnings and
 * errors say so. A line that is not a log entry passes unchanged.
 */
export function prettyLogLine(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line);
  } catch {
    return line;
  }
  if (!entry || typeof entry !== "object") return line;
  const { level, time, msg, ...fields } = entry;
  const clock = typeof time === "string" ? time.slice(11, 19) : "";
  const severity = typeof level === "number" ? (level >= 50 ? "ERROR " : level >= 40 ? "warning: " : "") : "";
  const message = typeof msg === "string" ? msg : "";
  const rest = Object.entries(fields)
    // The address in "ready at http://…" is already in the message.
    .filter(([key, value]) => !(key === "url" && typeof value === "string" && message.includes(value)))
    .map(([key, value]) => `${key}=${typeof value === "string" ? value : JSON.stringify(value)}`);
  return `${clock} ${severity}${message}${rest.length ? `  ${rest.join(" ")}` : ""}`.trim();
}

/** A pino destination that writes each entry through prettyLogLine. */
export function prettyDestination(out: { write(text: string): unknown } = process.stdout): pino.DestinationStream {
  return {
    write(chunk: string) {
      for (const line of chunk.split("\n")) if (line) out.write(`${prettyLogLine(line)}\n`);
    },
  };
}
