import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { ConfigError, type Env } from "~/lib/env.server";
import type { Logger } from "./logger";

/**
 * Outside production a missing SESSION_SECRET is generated once and kept in
 * the data directory, so sessions survive restarts of a local install.
 */
export function resolveSessionSecret(env: Env, logger: Logger): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  if (env.NODE_ENV === "production") {
    throw new ConfigError(
      "Invalid setting:\n  SESSION_SECRET: required when NODE_ENV=production (at least 32 random characters, e.g. `openssl rand -hex 32`)",
    );
  }
  const file = path.join(path.resolve(env.DATA_DIR), "session-secret");
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    // Not created yet.
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const secret = crypto.randomBytes(32).toString("hex");
  fs.writeFileSync(file, secret, { mode: 0o600 });
  logger.info({ file }, "SESSION_SECRET not set: generated one and stored it in the data directory");
  return secret;
}
