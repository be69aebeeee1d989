import { describe, expect, it } from "vitest";
import { ConfigError, loadEnv } from "./env.server";

describe("settings", () => {
  it("has working defaults for a fresh machine", () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe("./data");
    expect(env.PUBLIC_URL).toBe("http://localhost:3000");
    expect(env.LOG_LEVEL).toBe("info");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SCHEDULED_POSTS_POLL_SECONDS).toBe(60);
  });

  it("treats empty values (a copied .env.example) as unset", () => {
    expect(loadEnv({ PORT: "", DATABASE_URL: "", PUBLIC_URL: "" }).PORT).toBe(3000);
  });

  it("derives PUBLIC_URL from PORT and drops a trailing slash", () => {
    expect(loadEnv({ PORT: "8080" }).PUBLIC_URL).toBe("http://localhost:8080");
    expect(loadEnv({ PUBLIC_URL: "https://clinic.example/" }).PUBLIC_URL).toBe("https://clinic.example");
  });

  it.each([
    ["PORT", "abc", /PORT: must be a number/],
    ["PORT", "70000", /PORT: must be between 0 and 65535/],
    ["DATABASE_URL", "mysql://x", /DATABASE_URL: must be a postgres/],
    ["PUBLIC_URL", "clinic.example", /PUBLIC_URL: must be an http\(s\) URL/],
    ["LOG_LEVEL", "loud", /LOG_LEVEL: must be one of/],
    ["SESSION_SECRET", "short", /SESSION_SECRET: must be at least 32 characters/],
    ["SCHEDULED_POSTS_POLL_SECONDS", "0", /SCHEDULED_POSTS_POLL_SECONDS: must be at least 1/],
    ["SCHEDULED_POSTS_POLL_SECONDS", "1.5", /SCHEDULED_POSTS_POLL_SECONDS: must be a whole number/],
  ])("names the bad variable %s=%s", (name, value, message) => {
    expect(() => loadEnv({ [name]: value })).toThrow(ConfigError);
    expect(() => loadEnv({ [name]: value })).toThrow(message);
  });

  it("never echoes a secret in its error", () => {
    expect(() => loadEnv({ SESSION_SECRET: "hunter2" })).toThrow(/^(?![\s\S]*hunter2)/);
  });

  it("takes the blog generator's endpoint as a pair of an http(s) base URL and a model", () => {
    const env = loadEnv({ BLOG_AI_BASE_URL: "http://127.0.0.1:11434/v1", BLOG_AI_MODEL: "llama3.2" });
    expect(env.BLOG_AI_BASE_URL).toBe("http://127.0.0.1:11434/v1");
    expect(env.BLOG_AI_TIMEOUT_SECONDS).toBe(60);
    expect(loadEnv({}).BLOG_AI_BASE_URL).toBeUndefined();
    expect(() => loadEnv({ BLOG_AI_BASE_URL: "ftp://models.example", BLOG_AI_MODEL: "m" })).toThrow(
      /BLOG_AI_BASE_URL: must be an http\(s\) URL/,
    );
    expect(() => loadEnv({ BLOG_AI_BASE_URL: "http://127.0.0.1:8080/v1" })).toThrow(/BLOG_AI_MODEL: must be set/);
    expect(() => loadEnv({ BLOG_AI_MODEL: "m" })).toThrow(/BLOG_AI_BASE_URL: must be set/);
  });
});
