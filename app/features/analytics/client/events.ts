/** An analytics event as the page raises it; the path is filled in when it happens. */
export interface AnalyticsEvent {
  eventType: string;
  eventCategory?: string;
  eventLabel?: string;
  value?: number;
}

/** As sent to POST /api/analytics/event (spec §3, §7). */
export interface EventBody {
  eventType: string;
  eventCategory: string;
  eventLabel?: string;
  value?: number;
  path: string;
}

/** What receives page views and events once measurement has started (our API, and third parties after consent). */
export interface MeasurementSink {
  pageView(path: string): void;
  event(event: EventBody): void;
}
