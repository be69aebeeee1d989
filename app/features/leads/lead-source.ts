import type { LeadAttribution } from "~/db/schema";
import { classifyTraffic } from "~/features/analytics/traffic-source";

/** Where a lead came from, as the inbox filters and the reports group it. */
export interface LeadSource {
  channel: string;
  campaign: string | null;
  landingPage: string | null;
}

/** The visit the server matched to the request (see findCurrentVisit), if any. */
interface VisitSource {
  channel: string;
  campaign: string | null;
  entryPath: string;
}

/**
 * Decided once, when the lead arrives. The browser's attribution (captured
 * on the landing page and kept for the visit) comes first; a form posted
 * without JavaScript has none, and then the matched visit says where the
 * visitor came from; without either, the visitor typed the address or came
 * back by a bookmark: Direct, landing on the page of the form.
 */
export function leadSourceOf(
  attribution: LeadAttribution,
  formPath: string,
  visit: VisitSource | null,
  siteHosts: readonly string[],
): LeadSource {
  const captured = Object.keys(attribution).some((key) => key !== "landingPage");
  if (!captured && visit) {
    return {
      channel: visit.channel,
      campaign: visit.campaign,
      landingPage: attribution.landingPage ?? visit.entryPath,
    };
  }
  const traffic = classifyTraffic(
    {
      referrer: attribution.referrer ?? null,
      utmSource: attribution.utmSource ?? null,
      utmMedium: attribution.utmMedium ?? null,
      gclid: attribution.gclid,
      gbraid: attribution.gbraid,
      wbraid: attribution.wbraid,
      fbclid: attribution.fbclid,
    },
    siteHosts,
  );
  return {
    channel: traffic.channel,
    campaign: attribution.utmCampaign ?? null,
    landingPage: attribution.landingPage ?? visit?.entryPath ?? formPath,
  };
}
