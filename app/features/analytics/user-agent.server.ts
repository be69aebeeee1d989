import { isbot } from "isbot";
// ua-parser-js stays on 1.x: 2.x is AGPL.
import UAParser from "ua-parser-js";

export type DeviceType = "desktop" | "mobile" | "tablet" | "other";

export interface ClientAgent {
  browser: string | null;
  /** Major version only: the full one narrows a visitor down for nothing. */
  browserVersion: string | null;
  os: string | null;
  deviceType: DeviceType;
}

/** Crawlers, link previewers, headless browsers and clients without a User-Agent are not visitors. */
export function isBotAgent(userAgent: string): boolean {
  return userAgent.trim() === "" || isbot(userAgent);
}

function parse(userAgent: string): ClientAgent {
  const result = new UAParser(userAgent).getResult();
  const type = result.device.type;
  const deviceType: DeviceType =
    type === undefined
      ? "desktop"
      : type === "mobile" || type === "wearable"
        ? "mobile"
        : type === "tablet"
          ? "tablet"
          : "other";
  return {
    browser: result.browser.name ?? null,
    browserVersion: result.browser.major ?? null,
    os: result.os.name ?? null,
    deviceType,
  };
}

/**
 * Bot checks and parsing through an LRU cache: isbot's pattern and
 * ua-parser-js's dozens of regular expressions cost microseconds per call
 * against ~0.1 µs for a Map hit. Every beacon asks isBot, so the cache must
 * hold the long tail of a busy day's browsers (each browser version and
 * device model is its own string): 4,096 entries, about 1.5 MB.
 */
export class UserAgentParser {
  private readonly cache = new Map<string, { bot: boolean; agent?: ClientAgent }>();

  constructor(private readonly capacity = 4096) {}

  isBot(userAgent: string): boolean {
    return this.entry(userAgent).bot;
  }

  parse(userAgent: string): ClientAgent {
    const entry = this.entry(userAgent);
    return (entry.agent ??= Object.freeze(parse(userAgent)));
  }

  get size(): number {
    return this.cache.size;
  }

  private entry(userAgent: string) {
    let entry = this.cache.get(userAgent);
    if (entry) {
      // Re-insert: a Map iterates in insertion order, so the oldest key comes first.
      this.cache.delete(userAgent);
    } else {
      entry = { bot: isBotAgent(userAgent) };
      if (this.cache.size >= this.capacity) this.cache.delete(this.cache.keys().next().value!);
    }
    this.cache.set(userAgent, entry);
    return entry;
  }
}
