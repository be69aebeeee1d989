import type { Campaign } from "./campaign";
import type { AnalyticsEvent, EventBody, MeasurementSink } from "./events";
import { clip } from "./send";
import { whenPageSettled } from "./timing";

/**
 * The part of measurement that is in the first page's JavaScript, kept
 * small: it queues page views and events until measurement starts. The code that sends page views, events and web vitals loads once
 * the page has settled (spec §4), and third-party code only after consent.
 */

let booted = false;
let lastPath: string | undefined;
let started = false;
const queue: ({ view: string } | { event: EventBody })[] = [];
const sinks: MeasurementSink[] = [];
/** The third party's sink, added and removed as the visitor decides. */
let forward: MeasurementSink | undefined;

function deliver(item: { view: string } | { event: EventBody }) {
  for (const sink of forward ? [...sinks, forward] : sinks) {
    if ("view" in item) sink.pageView(item.view);
    else sink.event(item.event);
  }
}

/** Records an event: now if measurement has started, else when it does. */
export function track(event: AnalyticsEvent) {
  const body: EventBody = {
    eventType: event.eventType,
    eventCategory: event.eventCategory ?? "general",
    path: clip(window.location.pathname),
  };
  if (event.eventLabel) body.eventLabel = clip(event.eventLabel);
  if (typeof event.value === "number" && Number.isFinite(event.value)) body.value = event.value;
  if (started) deliver({ event: body });
  else queue.push({ event: body });
}

/** The router's path changed (or the page loaded): one page view per path change (spec §4). */
export function notePath(pathname: string) {
  if (pathname === lastPath) return;
  lastPath = pathname;
  const view = clip(pathname);
  if (started) deliver({ view });
  else queue.push({ view });
}

/**
 * A page restored from the back/forward cache is seen again: count it, like
 * any view, now or when measurement starts. (A visitor can leave and come
 * back before it has: the page was frozen while it waited.)
 */
export function noteRestoredPage() {
  const view = clip(window.location.pathname);
  if (started) deliver({ view });
  else queue.push({ view });
}

export function isStarted() {
  return started;
}

export function setForwarder(sink: MeasurementSink | undefined) {
  forward = sink;
}

/**
 * Starts measurement once the page has settled (spec §4). `beforeStart` may
 * return more to wait for (the third-party code of a visitor who said yes)
 * before queued page views and events go out.
 */
export function startMeasurement(campaign: Campaign, beforeStart: () => Promise<void>) {
  if (booted) return;
  booted = true;
  whenPageSettled(async () => {
    try {
      const [{ createTracker }] = await Promise.all([import("./tracker"), beforeStart()]);
      sinks.push(createTracker(campaign));
    } catch (error) {
      // Spec §8: an analytics load failure is only logged.
      console.warn("analytics could not start", error);
    }
    started = true;
    for (const item of queue.splice(0)) deliver(item);
  });
}
