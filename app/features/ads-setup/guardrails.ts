import type { PageGroup } from "~/features/consent/page-groups";

/**
 * The words of the set-up page's guardrails: what each refuses and why, in
 * plain terms (decision 0034). The server's refusals quote the same sentences.
 */

export const PAGE_GROUP_WORDS: Record<PageGroup, { label: string; pages: string }> = {
  home: { label: "Home page", pages: "/" },
  services: {
    label: "Service pages",
    pages: "/services, /pricing, /new-patients, /virtual-visit, /locations and each office's page",
  },
  conditions: {
    label: "Condition and treatment pages",
    pages:
      "every treatment, condition and topic page at /{name}, insurance providers' own pages, and any page not listed here",
  },
  insurance: {
    label: "Insurance",
    pages: "/insurance (a provider's own page counts as a condition page: it shares their address shape)",
  },
  team: { label: "Team", pages: "/team and each clinician's page" },
  blog: {
    label: "Blog",
    pages: "/blog, its list pages and every post (posts are often about a condition: off until you decide)",
  },
  request: { label: "Request pages", pages: "/request-appointment and /get-started" },
  "thank-you": { label: "Thank-you page", pages: "/thank-you, shown after a request is sent" },
};

export const GUARDRAIL_REASONS = {
  conditions:
    "Pages about a condition or treatment never send anything to Google or Meta. That someone reads about depression or ADHD is health information; the FTC's actions against BetterHelp, Cerebral and GoodRx were about exactly such information reaching ad platforms, and HHS's guidance on tracking technologies treats these pages the same way. This cannot be switched on.",
  enhancedConversions:
    "Enhanced conversions send a hashed e-mail address or phone number with each conversion. For a mental-health clinic that would tell Google who asked for care, and Google's own rules keep health information out of enhanced conversions and out of personalised advertising. This cannot be switched on.",
  adPersonalization:
    "Ad personalisation (remarketing lists built from visits) is not allowed for health conditions under Google's personalised-advertising policy, and it would mark visitors as people seeking mental-health care. Consent Mode keeps ad_personalization denied on every page, even after a yes. This cannot be switched on.",
  neutralConversions:
    "Conversions carry a neutral name and nothing else: Google Ads gets only the conversion ID and label (send_to), Meta only the event name Lead. No page address, service, condition, or anything typed in a form.",
  consent:
    "Nothing is loaded and nothing is sent before the visitor says yes in the site's banner. Then the Consent Mode defaults are set to denied first, and only the storage the configured services need is granted.",
} as const;

/** Consent Mode v2's four signals: their default and what a yes changes, in words. */
export const CONSENT_SIGNALS = [
  {
    name: "ad_storage",
    meaning: "Cookies for advertising, such as the one that ties a Google Ads click to a later request.",
    afterYes: "granted when a Google Ads conversion ID is set; otherwise stays denied",
  },
  {
    name: "analytics_storage",
    meaning: "Cookies for Google Analytics (_ga), which tell a returning browser from a new one.",
    afterYes: "granted when a GA4 measurement ID is set; otherwise stays denied",
  },
  {
    name: "ad_user_data",
    meaning:
      "Whether data about the visit may be sent to Google for advertising (here: only that a conversion happened).",
    afterYes: "granted when a Google Ads conversion ID is set; otherwise stays denied",
  },
  {
    name: "ad_personalization",
    meaning: "Whether the visit may be used for personalised ads and remarketing.",
    afterYes: "always denied (Google's health-care policy; see the guardrails)",
  },
] as const;
