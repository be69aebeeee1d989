import { describe, expect, it } from "vitest";
import { isBotAgent, UserAgentParser } from "./user-agent.server";

const USER_AGENTS = {
  chromeWindows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  safariIphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  safariIpad:
    "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
  firefoxAndroid: "Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0",
  googlebot: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
};

describe("UserAgentParser", () => {
  const parser = new UserAgentParser(2);

  it("names browser, major version, OS and device class", () => {
    expect(parser.parse(USER_AGENTS.chromeWindows)).toEqual({
      browser: "Chrome",
      browserVersion: "131",
      os: "Windows",
      deviceType: "desktop",
    });
    expect(parser.parse(USER_AGENTS.safariIphone)).toEqual({
      browser: "Mobile Safari",
      browserVersion: "17",
      os: "iOS",
      deviceType: "mobile",
    });
    expect(parser.parse(USER_AGENTS.safariIpad).deviceType).toBe("tablet");
    expect(parser.parse(USER_AGENTS.firefoxAndroid)).toMatchObject({ browser: "Firefox", os: "Android" });
  });

  it("says null for what it cannot tell", () => {
    expect(parser.parse("SomethingUnheardOf")).toEqual({
      browser: null,
      browserVersion: null,
      os: null,
      deviceType: "desktop",
    });
  });

  it("keeps at most `capacity` entries, dropping the least recently used", () => {
    const lru = new UserAgentParser(2);
    const a = lru.parse(USER_AGENTS.chromeWindows);
    lru.parse(USER_AGENTS.safariIphone);
    expect(lru.parse(USER_AGENTS.chromeWindows)).toBe(a); // a hit, and now the most recent
    lru.parse(USER_AGENTS.safariIpad); // evicts the iPhone, not Chrome
    expect(lru.size).toBe(2);
    expect(lru.parse(USER_AGENTS.chromeWindows)).toBe(a);
  });
});

describe("isBotAgent", () => {
  it("recognises crawlers, headless browsers and a missing User-Agent", () => {
    expect(isBotAgent(USER_AGENTS.googlebot)).toBe(true);
    expect(isBotAgent("curl/8.5.0")).toBe(true);
    expect(
      isBotAgent("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/120.0.0.0 Safari/537.36"),
    ).toBe(true);
    expect(isBotAgent("")).toBe(true);
    expect(isBotAgent("   ")).toBe(true);
  });

  it("is cached by the parser with the same answers", () => {
    const parser = new UserAgentParser(10);
    expect(parser.isBot(USER_AGENTS.googlebot)).toBe(true);
    expect(parser.isBot(USER_AGENTS.googlebot)).toBe(true);
    expect(parser.isBot(USER_AGENTS.chromeWindows)).toBe(false);
    expect(parser.size).toBe(2);
  });

  it("lets browsers through", () => {
    for (const ua of [USER_AGENTS.chromeWindows, USER_AGENTS.safariIphone, USER_AGENTS.firefoxAndroid]) {
      expect(isBotAgent(ua)).toBe(false);
    }
  });
});
