import type { SiteContent } from "./site-content";

/**
 * The clinic's facts a Markdown body may name inline ("call us at {{phone}}"), filled from site content
 * when the page renders: the main phone, the main office's address and the reply promise are written once
 * (the primary office row, site content) and never copied into page text that would go stale (decision 0042).
 */
const FACTS = {
  phone: (site) => site.footerPhone,
  address: (site) => `${site.footerAddress}, ${site.footerCityLine}`,
  "reply-promise": (site) => site.replyPromise,
} satisfies Record<string, (site: SiteContent) => string>;

const INLINE_FACT = /\{\{\s*(phone|address|reply-promise)\s*\}\}/g;

export function namesInlineFacts(body: string): boolean {
  return new RegExp(INLINE_FACT.source).test(body);
}

export function withInlineFacts(body: string, site: SiteContent): string {
  return body.replace(INLINE_FACT, (_, name: keyof typeof FACTS) => FACTS[name](site));
}
