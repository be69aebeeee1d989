import type { IpLocation } from "./ip-location.server";
import type { ClientAgent } from "./user-agent.server";
import type { TrafficSource } from "./traffic-source";

/** A visit ends after 30 minutes without a page view or event. */
export const VISIT_IDLE_MS = 30 * 60 * 1000;

/** What a visit records about where it came from (its landing page view). */
export interface Landing {
  traffic: TrafficSource;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmTerm: string | null;
  utmContent: string | null;
  agent: ClientAgent;
  /** Country and subdivision of the client's address (the address itself is not kept). */
  location: IpLocation;
}

export type PlanItem =
  | {
      kind: "page_view";
      at: number;
      visitor: bigint;
      path: string;
      /**
       * Describes the visit this page view would start. A function: most page
       * views continue a visit, and then the referrer, the user agent and the
       * address need not be classified, parsed or looked up at all.
       */
      landing: () => Landing;
    }
  | {
      kind: "event";
      at: number;
      visitor: bigint;
      path: string;
      eventType: string;
      eventCategory: string;
      eventLabel: string | null;
      value: number | null;
      engagement: boolean;
    };

/** The latest visit of a visitor still open at the batch's start, as read from the database. */
export interface OpenVisit {
  id: number;
  visitor: bigint;
  lastSeenAt: number;
}

/** A visit to insert; `index` is its position in `newVisits`. */
export interface NewVisit {
  index: number;
  visitor: bigint;
  startedAt: number;
  lastSeenAt: number;
  entryPath: string;
  exitPath: string;
  pageviews: number;
  events: number;
  isBounce: boolean;
  landing: Landing;
}

/** What a batch adds to a visit that already exists. */
export interface VisitUpdate {
  id: number;
  lastSeenAt: number;
  /** Last page viewed in this batch; null when the batch holds only events for it. */
  exitPath: string | null;
  pageviews: number;
  events: number;
  engaged: boolean;
}

/** A row's visit: an existing id, a new visit by index, or none. */
export type VisitRef = { id: number } | { newIndex: number } | null;

export interface Plan {
  newVisits: NewVisit[];
  updates: VisitUpdate[];
  pageViews: { visit: Exclude<VisitRef, null>; at: number; path: string }[];
  events: (Extract<PlanItem, { kind: "event" }> & { visit: VisitRef })[];
}

/**
 * Assigns a batch's page views and events (in arrival order) to visits, by the
 * 30-minute idle rule: an item joins its visitor's visit when the visitor was
 * seen less than 30 minutes before; otherwise a page view starts a new visit
 * and an event is kept without one (only page views start visits: an event
 * has no landing page, referrer or campaign to describe a visit by).
 */
export function planVisits(items: readonly PlanItem[], open: readonly OpenVisit[]): Plan {
  const plan: Plan = { newVisits: [], updates: [], pageViews: [], events: [] };
  type Current = { ref: Exclude<VisitRef, null>; lastSeenAt: number; visit: NewVisit | VisitUpdate };
  const current = new Map<bigint, Current>();
  const updates = new Map<number, VisitUpdate>();
  for (const visit of open) {
    const known = current.get(visit.visitor);
    if (known && known.lastSeenAt >= visit.lastSeenAt) continue;
    const update = {
      id: visit.id,
      lastSeenAt: visit.lastSeenAt,
      exitPath: null,
      pageviews: 0,
      events: 0,
      engaged: false,
    };
    current.set(visit.visitor, { ref: { id: visit.id }, lastSeenAt: visit.lastSeenAt, visit: update });
  }

  for (const item of items) {
    let visit = current.get(item.visitor);
    if (visit && item.at - visit.lastSeenAt >= VISIT_IDLE_MS) visit = undefined;

    if (item.kind === "page_view") {
      if (!visit) {
        const created: NewVisit = {
          index: plan.newVisits.length,
          visitor: item.visitor,
          startedAt: item.at,
          lastSeenAt: item.at,
          entryPath: item.path,
          exitPath: item.path,
          pageviews: 1,
          events: 0,
          isBounce: true,
          landing: item.landing(),
        };
        plan.newVisits.push(created);
        visit = { ref: { newIndex: created.index }, lastSeenAt: item.at, visit: created };
        current.set(item.visitor, visit);
      } else {
        const v = visit.visit;
        v.pageviews++;
        v.exitPath = item.path;
        if ("isBounce" in v) v.isBounce = false;
        else updates.set(v.id, v);
      }
      plan.pageViews.push({ visit: visit.ref, at: item.at, path: item.path });
    } else if (visit) {
      const v = visit.visit;
      v.events++;
      if ("isBounce" in v) v.isBounce &&= !item.engagement;
      else {
        v.engaged ||= item.engagement;
        updates.set(v.id, v);
      }
      plan.events.push({ ...item, visit: visit.ref });
    } else {
      plan.events.push({ ...item, visit: null });
    }

    if (visit) {
      visit.lastSeenAt = Math.max(visit.lastSeenAt, item.at);
      visit.visit.lastSeenAt = visit.lastSeenAt;
    }
  }
  plan.updates = [...updates.values()];
  return plan;
}
