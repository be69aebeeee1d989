import { z } from "zod";

/**
 * Every setting the server reads, validated once at start. A bad value stops
 * the start with a message naming the variable; nothing else reads
 * process.env directly.
 */
const logLevels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

function positiveInt(fallback: number) {
  return z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(1_000_000_000, "must be at most 1000000000")
    .default(fallback);
}

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(0, "must be between 0 and 65535")
    .max(65535, "must be between 0 and 65535")
    .default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, "must be a postgres:// or postgresql:// URL")
    .optional(),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: "must be an http(s) URL such as https://clinic.example" })
    .optional(),
  LOG_LEVEL: z.enum(logLevels, { error: `must be one of ${logLevels.join(", ")}` }).default("info"),
  // Which proxies may set X-Forwarded-* (Express "trust proxy" syntax).
  TRUST_PROXY: z.string().default("loopback"),
  // How many rendered anonymous pages the in-memory page cache keeps.
  PAGE_CACHE_ENTRIES: z.coerce.number().int().min(0).max(100_000).default(500),
  // Where the last good copies of the public pages are kept on disk, served while the database is away
  // (issue 21): DATA_DIR/page-copies by default; a directory of its own suits instances on PostgreSQL.
  PAGE_COPY_DIR: z.string().min(1, "must be a directory path").optional(),
  // "off": no copies are drawn, kept or served (a page with no copy answers 503 during an outage). For a site
  // whose CDN serves stale-if-error itself, and for measuring uncached renders (bench/throughput.js's misses).
  PAGE_COPIES: z.enum(["on", "off"], { error: 'must be "on" or "off"' }).default("on"),
  // Staff notifications of new leads: an SMTP server (smtp://user:pass@host:587,
  // smtps://… for TLS) and the intake address. Without both, nothing is sent
  // and each lead logs one line saying so.
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, "must be an smtp:// or smtps:// URL")
    .optional(),
  NOTIFY_TO: z.email("must be an e-mail address").optional(),
  NOTIFY_FROM: z.email("must be an e-mail address").optional(),
  // Per-client write limits (fixed windows, counted in the database so every
  // instance shares them). Forms: leads, phone clicks, newsletter.
  RATE_LIMIT_FORMS: positiveInt(20),
  RATE_LIMIT_FORMS_WINDOW_SECONDS: positiveInt(600),
  RATE_LIMIT_ANALYTICS: positiveInt(600),
  RATE_LIMIT_ANALYTICS_WINDOW_SECONDS: positiveInt(60),
  // The blog's draft generator (decision 0036): any OpenAI-compatible chat-completions endpoint (a local
  // Ollama or llama.cpp server, vLLM, a hosted provider the clinic has an agreement with). Without a base
  // URL and a model the generator offers only its template outline. Read on the server only.
  BLOG_AI_BASE_URL: z
    .url({ protocol: /^https?$/, error: "must be an http(s) URL such as http://127.0.0.1:11434/v1" })
    .optional(),
  BLOG_AI_API_KEY: z.string().max(4096).optional(),
  BLOG_AI_MODEL: z.string().max(200).optional(),
  // How long the generator waits for the model's first answer and then between two pieces of it.
  BLOG_AI_TIMEOUT_SECONDS: z.coerce
    .number({ error: "must be a number" })
    .min(0.1, "must be at least 0.1")
    .max(3600, "must be at most 3600")
    .default(60),
  // How often each instance looks for a scheduled blog post that has fallen due (one read of the newest live
  // post's date). Posts are scheduled to the minute, so the default shows one within a minute of its time.
  SCHEDULED_POSTS_POLL_SECONDS: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(3600, "must be at most 3600")
    .default(60),
});

// Values that may hold passwords are never echoed back in an error message.
const secretSettings = new Set(["SESSION_SECRET", "DATABASE_URL", "SMTP_URL", "BLOG_AI_API_KEY", "BLOG_AI_BASE_URL"]);

export type Env = z.infer<typeof schema> & { PUBLIC_URL: string };

export class ConfigError extends Error {
  override name = "ConfigError";
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // An empty value (as in a copied .env.example) means "use the default".
  const input = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ""));
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? "settings");
      const got = input[name];
      const shown = secretSettings.has(name) || got === undefined ? "" : ` (got "${got}")`;
      return `  ${name}: ${issue.message}${shown}`;
    });
    throw new ConfigError(`Invalid setting:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  // Half a connection is a mistake to name at start, not a generator that fails on first use.
  if (Boolean(env.BLOG_AI_BASE_URL) !== Boolean(env.BLOG_AI_MODEL)) {
    const missing = env.BLOG_AI_BASE_URL ? "BLOG_AI_MODEL" : "BLOG_AI_BASE_URL";
    throw new ConfigError(`Invalid setting:\n  ${missing}: must be set too when the other BLOG_AI_ setting is`);
  }
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
  return { ...env, PUBLIC_URL: publicUrl };
}
