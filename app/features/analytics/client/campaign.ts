import { clip } from "./send";

/**
 * Where a visit came from: the campaign parameters of the landing URL, the
 * landing page and the referrer, kept for the visit (sessionStorage) so every
 * lead of the visit carries them (issue 3; attributionSchema in lead-schema).
 */
export interface Attribution {
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
  utmTerm?: string;
  utmContent?: string;
  gclid?: string;
  gbraid?: string;
  wbraid?: string;
  fbclid?: string;
  landingPage?: string;
  referrer?: string;
}

const PARAMS: [string, keyof Attribution][] = [
  ["utm_source", "utmSource"],
  ["utm_medium", "utmMedium"],
  ["utm_campaign", "utmCampaign"],
  ["utm_term", "utmTerm"],
  ["utm_content", "utmContent"],
  ["gclid", "gclid"],
  ["gbraid", "gbraid"],
  ["wbraid", "wbraid"],
  ["fbclid", "fbclid"],
];
export const CLICK_IDS = ["gclid", "gbraid", "wbraid", "fbclid"] as const;
export const UTM_FIELDS = ["utmSource", "utmMedium", "utmCampaign", "utmTerm", "utmContent"] as const;

const KEY = "clinic-attribution";
// The analytics API keeps UTM values to 200 characters; leads allow 300.
const VALUE_MAX = 200;
let memory: Attribution | undefined;

/** Another site's address without its query or fragment (they can carry personal data); "" for none or ours. */
export function cleanReferrer(referrer: string, ownOrigin: string): string {
  try {
    const url = new URL(referrer);
    if (url.origin === ownOrigin || !/^https?:$/.test(url.protocol)) return "";
    return clip(url.origin + url.pathname);
  } catch {
    return "";
  }
}

export interface Campaign {
  attribution: Attribution;
  /** This document started the record: its page view is the landing view. */
  landing: boolean;
}

/**
 * Called once per document load. The visit's first document, or a URL with
 * campaign parameters, starts a new record; otherwise the visit's record
 * stays as it is (a reload or another page of the same visit).
 */
export function captureCampaign(location: Location, referrer: string): Campaign {
  const query = new URLSearchParams(location.search);
  const found: Attribution = {};
  for (const [param, field] of PARAMS) {
    const value = query.get(param)?.trim();
    if (value) found[field] = clip(value, VALUE_MAX);
  }
  const stored = readAttribution();
  if (stored && Object.keys(found).length === 0) return { attribution: stored, landing: false };
  const record: Attribution = { ...found, landingPage: clip(location.pathname) };
  const from = cleanReferrer(referrer, location.origin);
  if (from) record.referrer = from;
  memory = record;
  try {
    sessionStorage.setItem(KEY, JSON.stringify(record));
  } catch {
    // Storage blocked: the record lives as long as this page.
  }
  return { attribution: record, landing: true };
}

/** The visit's attribution, or undefined before any was captured. */
export function readAttribution(): Attribution | undefined {
  try {
    const stored = sessionStorage.getItem(KEY);
    if (stored) return JSON.parse(stored) as Attribution;
  } catch {
    // fall through to the in-memory copy
  }
  return memory;
}
