/**
 * The clinic's time zone, alone in its module: public pages (a blog post's
 * date) need only this, and must not load the calendar arithmetic of
 * clinic-time.ts that the staff pages use.
 */
export const CLINIC_TIME_ZONE = "America/New_York";
