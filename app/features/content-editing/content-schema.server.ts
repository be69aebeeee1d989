import { z } from "zod";
import {
  closureField,
  CONTENT_LIMITS,
  dayField,
  SOCIAL_NETWORKS,
  SOCIAL_WORDS,
  type ClinicValues,
  type LocationValues,
} from "./content-rules";
import { SLUG_PATTERN, splitList } from "./team-rules";
import { rowsOfWeek, WEEKDAYS, type WeekHours } from "./week-hours";

/**
 * The server's one check of the content editor's forms, at least as strict
 * as the seed's (content-files.server.ts): phone numbers in one format,
 * https addresses, lengths that fit the layout. Each message says what to
 * type instead.
 */

export const squashed = (value: string) => value.replace(/\s+/g, " ").trim();
// Control characters have no place in words shown on every page.
export const CONTROL = /\p{Cc}/u;

export const words = (what: string, { min = 1, max }: { min?: number; max: number }, optional = false) =>
  z
    .string()
    .default("")
    .transform(squashed)
    .superRefine((value, ctx) => {
      if (value === "" && optional) return;
      if (value === "") ctx.addIssue({ code: "custom", message: `Enter the ${what}.` });
      else if (CONTROL.test(value))
        ctx.addIssue({ code: "custom", message: `The ${what} has a character that cannot be shown.` });
      else if (value.length < min || value.length > max)
        ctx.addIssue({
          code: "custom",
          message: `Keep the ${what} between ${min} and ${max} characters (it has ${value.length}).`,
        });
    });

/** A US phone number, however typed, as the site shows them: "(407) 555-0142". */
export function usPhone(value: string): string | null {
  if (!/^[\d\s().+-]+$/.test(value)) return null;
  const digits = value.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "");
  if (!/^[2-9]\d{2}[2-9]\d{6}$/.test(digits)) return null;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

const phone = (what: string) =>
  z
    .string()
    .default("")
    .transform(squashed)
    .transform((value, ctx) => {
      const formatted = usPhone(value);
      if (!formatted) {
        ctx.addIssue({
          code: "custom",
          message: value ? `Enter the ${what} as a 10-digit US number, such as (407) 555-0142.` : `Enter the ${what}.`,
        });
        return z.NEVER;
      }
      return formatted;
    });

/** An https address (no user name or password), optionally on one of `hosts` or their subdomains. */
const webAddress = (what: string, hosts: readonly string[] = []) =>
  z
    .string()
    .default("")
    .transform(squashed)
    .transform((value, ctx) => {
      if (value === "") return null;
      let url: URL | null = null;
      try {
        url = new URL(value);
      } catch {
        url = null;
      }
      if (!url || url.protocol !== "https:" || !url.hostname.includes(".") || url.username || url.password) {
        ctx.addIssue({ code: "custom", message: `Enter the ${what} as a full address starting with https://.` });
        return z.NEVER;
      }
      if (url.href.length > CONTENT_LIMITS.address.max) {
        ctx.addIssue({
          code: "custom",
          message: `Keep the ${what} under ${CONTENT_LIMITS.address.max} characters.`,
        });
        return z.NEVER;
      }
      const host = url.hostname.replace(/^www\./, "");
      if (hosts.length > 0 && !hosts.some((h) => host === h || host.endsWith(`.${h}`))) {
        ctx.addIssue({ code: "custom", message: `This does not look like a ${what}: it should be on ${hosts[0]}.` });
        return z.NEVER;
      }
      return url.href;
    });

const socialShape = Object.fromEntries(
  SOCIAL_NETWORKS.map((network) => [
    `social.${network}`,
    webAddress(`${SOCIAL_WORDS[network].label} address`, SOCIAL_WORDS[network].hosts),
  ]),
);

export const clinicFormSchema = z
  .object({
    clinicName: words("clinic's name", CONTENT_LIMITS.clinicName),
    footerEmail: z
      .string()
      .default("")
      .transform(squashed)
      .pipe(
        z
          .email("Enter an e-mail address such as hello@yourclinic.com.")
          .max(CONTENT_LIMITS.email.max, "This e-mail address is too long."),
      ),
    patientPortalUrl: webAddress("patient portal link"),
    virtualVisitUrl: webAddress("virtual visit link"),
    replyPromise: words("reply promise", CONTENT_LIMITS.replyPromise),
    ...socialShape,
  })
  .transform((form): ClinicValues => {
    const social = Object.fromEntries(
      SOCIAL_NETWORKS.flatMap((network) => {
        const value = (form as Record<string, unknown>)[`social.${network}`];
        return typeof value === "string" ? [[network, value]] : [];
      }),
    );
    return {
      clinicName: form.clinicName,
      footerEmail: form.footerEmail,
      patientPortalUrl: form.patientPortalUrl,
      virtualVisitUrl: form.virtualVisitUrl,
      replyPromise: form.replyPromise,
      social,
    };
  });

/** A map coordinate in degrees, as a map shows it (at most 7 decimals, about a centimetre). */
const coordinate = (what: string, limit: number, example: string) =>
  z
    .string()
    .default("")
    .transform((value, ctx) => {
      const typed = value.trim();
      const n = Number(typed);
      if (!/^-?\d{1,3}(\.\d{1,7})?$/.test(typed) || Math.abs(n) > limit) {
        ctx.addIssue({
          code: "custom",
          message: `Enter the ${what} in degrees between -${limit} and ${limit}, such as ${example}.`,
        });
        return z.NEVER;
      }
      return n;
    });

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const realDate = (value: string) =>
  DATE.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

/** A posted office form (flat names: "monday.opens", "closure0.date") as the values saved. */
export function parseLocationForm(
  form: Record<string, string>,
): { ok: true; values: LocationValues } | { ok: false; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  const base = z
    .object({
      name: words("office's name", CONTENT_LIMITS.officeName),
      slug: z
        .string()
        .default("")
        .transform((v) => v.trim())
        .pipe(
          z
            .string()
            .min(CONTENT_LIMITS.officeSlug.min, "Enter the page address, such as lake-mary.")
            .max(
              CONTENT_LIMITS.officeSlug.max,
              `Keep the page address under ${CONTENT_LIMITS.officeSlug.max} characters.`,
            )
            .regex(
              SLUG_PATTERN,
              "Write the page address in lower-case letters and digits joined by hyphens, such as lake-mary.",
            ),
        ),
      description: words("description", CONTENT_LIMITS.officeDescription),
      directions: words("directions", CONTENT_LIMITS.officeDirections, true),
      metaDescription: words("search description", CONTENT_LIMITS.officeSearchDescription, true),
      telehealthOnly: z
        .string()
        .optional()
        .transform((v) => v === "on"),
      latitude: coordinate("latitude", 90, "28.6095"),
      longitude: coordinate("longitude", 180, "-81.3930"),
      areasServed: z
        .string()
        .default("")
        .transform((value, ctx) => {
          const names = splitList(value);
          const { min, max } = CONTENT_LIMITS.area;
          if (names.length > CONTENT_LIMITS.areas)
            ctx.addIssue({ code: "custom", message: `List at most ${CONTENT_LIMITS.areas} areas.` });
          else if (names.some((n) => n.length < min || n.length > max || CONTROL.test(n)))
            ctx.addIssue({
              code: "custom",
              message: `Keep each area's name between ${min} and ${max} characters, the names separated by commas.`,
            });
          else if (new Set(names.map((n) => n.toLowerCase())).size < names.length)
            ctx.addIssue({ code: "custom", message: "An area is listed twice." });
          return names;
        }),
      street: words("street address", CONTENT_LIMITS.street),
      city: words("city", CONTENT_LIMITS.city),
      state: z
        .string()
        .default("")
        .transform((v) => v.trim().toUpperCase())
        .pipe(z.string().regex(/^[A-Z]{2}$/, "Enter the state as two letters, such as FL.")),
      zip: z
        .string()
        .default("")
        .transform((v) => v.trim())
        .pipe(z.string().regex(/^\d{5}$/, "Enter the ZIP code as five digits, such as 32789.")),
      phone: phone("office phone number"),
    })
    .safeParse(form);
  if (!base.success) {
    for (const issue of base.error.issues) fields[issue.path.join(".")] ??= issue.message;
  }

  const text = (name: string) => squashed(form[name] ?? "");
  const week = {} as WeekHours;
  for (const day of WEEKDAYS) {
    const opens = text(dayField(day, "opens"));
    const closes = text(dayField(day, "closes"));
    const note = text(dayField(day, "note"));
    if (opens && !TIME.test(opens)) fields[dayField(day, "opens")] = `Enter ${day}'s opening time, such as 09:00.`;
    if (closes && !TIME.test(closes)) fields[dayField(day, "closes")] = `Enter ${day}'s closing time, such as 17:00.`;
    if (opens && !closes) fields[dayField(day, "closes")] ??= `Enter ${day}'s closing time too, or clear both.`;
    if (closes && !opens) fields[dayField(day, "opens")] ??= `Enter ${day}'s opening time too, or clear both.`;
    if (TIME.test(opens) && TIME.test(closes) && closes <= opens)
      fields[dayField(day, "closes")] = `${day}'s closing time must be after its opening time.`;
    if (note.length > CONTENT_LIMITS.dayNote.max || CONTROL.test(note))
      fields[dayField(day, "note")] = `Keep ${day}'s note under ${CONTENT_LIMITS.dayNote.max} characters.`;
    week[day] = { opens, closes, note };
  }

  const closures: LocationValues["closures"] = [];
  const seen = new Set<string>();
  for (let row = 0; row < CONTENT_LIMITS.closures + CONTENT_LIMITS.newClosureRows; row++) {
    const date = text(closureField(row, "date"));
    const note = text(closureField(row, "note"));
    if (!date && !note) continue;
    if (!date) {
      fields[closureField(row, "date")] = "Enter the date of this closure, or clear its note.";
      continue;
    }
    if (!realDate(date)) fields[closureField(row, "date")] = "Enter a real date, such as 2026-12-25.";
    else if (seen.has(date)) fields[closureField(row, "date")] = "This date is already listed.";
    if (note.length > CONTENT_LIMITS.closureNote.max || CONTROL.test(note))
      fields[closureField(row, "note")] = `Keep the note under ${CONTENT_LIMITS.closureNote.max} characters.`;
    seen.add(date);
    closures.push({ date, note });
  }
  if (closures.length > CONTENT_LIMITS.closures)
    fields[closureField(0, "date")] ??= `List at most ${CONTENT_LIMITS.closures} closures; remove past ones first.`;

  if (!base.success || Object.keys(fields).length > 0) return { ok: false, fields };
  closures.sort((a, b) => a.date.localeCompare(b.date));
  return { ok: true, values: { ...base.data, hours: rowsOfWeek(week), closures } };
}
