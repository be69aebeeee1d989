import type * as t from "~/db/schema";

/** The first of these that fits a search result's title (≤ 60 characters). */
export function clinicianTitle(member: Pick<t.TeamMember, "name" | "credentials" | "role">, clinicName: string) {
  const who = `${member.name}, ${member.credentials}`;
  const candidates = [
    `${who}, ${member.role} | Winter Park`,
    `${who} – ${member.role}`,
    `${who} | ${shortBrand(clinicName)}`,
    who,
  ];
  return candidates.find((c) => c.length <= 60) ?? who.slice(0, 60);
}

/** The office's search title: "Psychiatry & Therapy in {city}, FL" with the clinic when it fits. */
export function officeTitle(office: Pick<t.Location, "city" | "state">, clinicName: string) {
  // Named as an office, so it never repeats the home page's "Psychiatry & Therapy in Winter Park, FL".
  const base = `${office.city}, ${office.state} Office: Psychiatry & Therapy`;
  const withClinic = `${base} | ${shortBrand(clinicName)}`;
  return withClinic.length <= 60 ? withClinic : base;
}

/** The clinic's name as search titles carry it ("Cypress Lane"), leaving room for what the page is about. */
export function shortBrand(clinicName: string) {
  return clinicName.replace(/\s+(Behavioral|Mental)\s+Health.*$/i, "").trim() || clinicName;
}
