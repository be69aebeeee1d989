import { CLINIC_TIME_ZONE } from "~/lib/clinic-time-zone";

/**
 * Dates of posts as the clinic's readers see them: in the clinic's time zone
 * (fixed, so the server's render and the browser's agree wherever either runs).
 */

const longDate = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: CLINIC_TIME_ZONE });
const isoDay = new Intl.DateTimeFormat("en-CA", {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  timeZone: CLINIC_TIME_ZONE,
});

/** "March 10, 2026". */
export const formatPostDate = (iso: string) => longDate.format(new Date(iso));

/** "2026-03-10": the day in the clinic's time zone. */
export const postDay = (iso: string) => isoDay.format(new Date(iso));

/** Whether a post was changed on a later day than it was published (then it shows "Updated"). */
export const updatedLater = (publishedAt: string, updatedAt: string) => postDay(updatedAt) > postDay(publishedAt);
