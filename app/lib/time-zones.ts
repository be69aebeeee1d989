/**
 * The time zones a setting may name: UTC and the IANA zones this runtime's
 * Intl knows (~420 names, America/New_York included). A name outside the
 * list is never used, so it can be written into SQL as a literal (the
 * analytics queries group by `at time zone '<zone>'`, which must read the
 * same in every statement).
 */
let zones: readonly string[] | null = null;

export function timeZones(): readonly string[] {
  zones ??= ["UTC", ...Intl.supportedValuesOf("timeZone")];
  return zones;
}

export function isTimeZone(name: string): boolean {
  return timeZones().includes(name);
}

/** A zone's name as people read it: "America/New York". */
export function zoneWords(zone: string): string {
  return zone.replaceAll("_", " ");
}
