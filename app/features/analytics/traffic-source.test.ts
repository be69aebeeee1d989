import { describe, expect, it } from "vitest";
import { classifyTraffic, referrerHostOf, type TrafficInput } from "./traffic-source";

const SITE = ["cypresslane.example", "localhost"];
const none: TrafficInput = { referrer: null, utmSource: null, utmMedium: null };
const classify = (input: Partial<TrafficInput>) => classifyTraffic({ ...none, ...input }, SITE);

describe("referrerHostOf", () => {
  it("keeps only the host, lower-case, without www.", () => {
    expect(referrerHostOf("https://WWW.Google.com/search?q=anxiety+therapist+near+me")).toBe("google.com");
    expect(referrerHostOf("http://news.example.org:8080/a/b#c")).toBe("news.example.org");
  });

  it("ignores what is not an http(s) URL", () => {
    expect(referrerHostOf(null)).toBeNull();
    expect(referrerHostOf("")).toBeNull();
    expect(referrerHostOf("not a url")).toBeNull();
    expect(referrerHostOf("android-app://com.google.android.gm/")).toBeNull();
    expect(referrerHostOf("javascript:alert(1)")).toBeNull();
  });
});

describe("classifyTraffic", () => {
  it("calls a visit with nothing Direct", () => {
    expect(classify({})).toEqual({ referrerHost: null, source: null, channel: "Direct", clickIdType: null });
  });

  it("treats the site's own host as no referrer (self-referral)", () => {
    expect(classify({ referrer: "https://www.cypresslane.example/services" })).toMatchObject({
      referrerHost: null,
      source: null,
      channel: "Direct",
    });
    expect(classify({ referrer: "http://localhost:3000/" }).channel).toBe("Direct");
  });

  it.each([
    ["https://www.google.com/", "Google"],
    ["https://www.google.co.uk/", "Google"],
    ["https://www.bing.com/search?q=x", "Bing"],
    ["https://duckduckgo.com/", "DuckDuckGo"],
    ["https://search.yahoo.com/", "Yahoo"],
    ["https://www.ecosia.org/", "Ecosia"],
  ])("search engine referrer %s is Organic Search from %s", (referrer, source) => {
    expect(classify({ referrer })).toMatchObject({ source, channel: "Organic Search" });
  });

  it.each([
    ["https://l.facebook.com/", "Facebook"],
    ["https://m.facebook.com/", "Facebook"],
    ["https://l.instagram.com/", "Instagram"],
    ["https://t.co/abc", "X"],
    ["https://www.linkedin.com/feed", "LinkedIn"],
    ["https://www.youtube.com/watch?v=1", "YouTube"],
  ])("social referrer %s is Organic Social from %s", (referrer, source) => {
    expect(classify({ referrer })).toMatchObject({ source, channel: "Organic Social" });
  });

  it("does not mistake look-alike hosts for known ones", () => {
    expect(classify({ referrer: "https://notgoogle.com/" })).toMatchObject({
      source: "notgoogle.com",
      channel: "Referral",
    });
    expect(classify({ referrer: "https://google.evil.example/" }).channel).toBe("Referral");
  });

  it("calls any other site a Referral, named by its host", () => {
    expect(classify({ referrer: "https://www.psychologytoday.com/us/therapists/123?x=y" })).toEqual({
      referrerHost: "psychologytoday.com",
      source: "psychologytoday.com",
      channel: "Referral",
      clickIdType: null,
    });
  });

  it("calls webmail Email", () => {
    expect(classify({ referrer: "https://mail.google.com/" })).toMatchObject({ source: "Gmail", channel: "Email" });
  });

  it.each(["gclid", "gbraid", "wbraid"] as const)("%s means Paid Search (Google when no source is known)", (id) => {
    expect(classify({ [id]: "Cj0KCQ" })).toMatchObject({ source: "Google", channel: "Paid Search", clickIdType: id });
    expect(classify({ [id]: "x", referrer: "https://www.google.com/" }).channel).toBe("Paid Search");
  });

  it("fbclid is Organic Social unless utm_medium says paid", () => {
    expect(classify({ fbclid: "IwAR0", referrer: "https://l.facebook.com/" })).toMatchObject({
      source: "Facebook",
      channel: "Organic Social",
      clickIdType: "fbclid",
    });
    expect(classify({ fbclid: "IwAR0" })).toMatchObject({ source: "Facebook", channel: "Organic Social" });
    expect(classify({ fbclid: "IwAR0", utmSource: "fb", utmMedium: "paid" }).channel).toBe("Paid Social");
    expect(classify({ fbclid: "IwAR0", utmMedium: "cpc" }).channel).toBe("Paid Social");
  });

  it("reads the UTM medium", () => {
    expect(classify({ utmSource: "google", utmMedium: "cpc" })).toMatchObject({
      source: "Google",
      channel: "Paid Search",
    });
    expect(classify({ utmSource: "bing", utmMedium: "PPC" }).channel).toBe("Paid Search");
    expect(classify({ utmSource: "instagram", utmMedium: "cpc" }).channel).toBe("Paid Social");
    expect(classify({ utmSource: "facebook", utmMedium: "paid_social" }).channel).toBe("Paid Social");
    expect(classify({ utmSource: "mailchimp", utmMedium: "email" })).toMatchObject({
      source: "mailchimp",
      channel: "Email",
    });
    expect(classify({ utmSource: "clinic", utmMedium: "newsletter" }).channel).toBe("Email");
    expect(classify({ utmSource: "facebook", utmMedium: "social" }).channel).toBe("Organic Social");
    expect(classify({ utmSource: "partner", utmMedium: "referral" }).channel).toBe("Referral");
    expect(classify({ utmSource: "news-site", utmMedium: "display" }).channel).toBe("Display");
    expect(classify({ utmSource: "blog", utmMedium: "affiliate" }).channel).toBe("Affiliates");
    expect(classify({ utmSource: "flyer", utmMedium: "print" })).toMatchObject({ source: "flyer", channel: "Other" });
  });

  it("lets utm_source name the source over the referrer", () => {
    expect(classify({ utmSource: "newsletter", referrer: "https://mail.google.com/" })).toMatchObject({
      source: "Newsletter",
      referrerHost: "mail.google.com",
      channel: "Email",
    });
    expect(classify({ utmSource: "google" })).toMatchObject({ source: "Google", channel: "Organic Search" });
    expect(classify({ utmSource: "somewhere" })).toMatchObject({ source: "somewhere", channel: "Referral" });
  });
});

describe("AI assistants", () => {
  const site = ["clinic.example"];
  it("are a channel of their own, named by assistant", () => {
    const from = (referrer: string) => classifyTraffic({ referrer, utmSource: null, utmMedium: null }, site);
    expect(from("https://chatgpt.com/")).toMatchObject({ channel: "AI Assistants", source: "ChatGPT" });
    expect(from("https://www.perplexity.ai/search/abc")).toMatchObject({
      channel: "AI Assistants",
      source: "Perplexity",
    });
    expect(from("https://copilot.microsoft.com/chats/x")).toMatchObject({
      channel: "AI Assistants",
      source: "Copilot",
    });
    // Gemini lives on a Google host, yet is not a Google search.
    expect(from("https://gemini.google.com/app")).toMatchObject({ channel: "AI Assistants", source: "Gemini" });
    expect(from("https://www.google.com/")).toMatchObject({ channel: "Organic Search", source: "Google" });
  });

  it("are recognised from the utm_source ChatGPT adds to its citations, whatever the medium", () => {
    const cited = classifyTraffic({ referrer: null, utmSource: "chatgpt.com", utmMedium: "referral" }, site);
    expect(cited).toMatchObject({ channel: "AI Assistants", source: "ChatGPT" });
  });
});
