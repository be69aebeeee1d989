import { z } from "zod";
import { CONTROL, squashed, words } from "./content-schema.server";
import { MODALITIES, SLUG_PATTERN, slugFromName, splitList, TEAM_LIMITS, type TeamValues } from "./team-rules";

/**
 * The server's one check of the team member form, at least as strict as the
 * seed's (content-files.server.ts: a slug of lower-case words, a search
 * description of 120–156 characters, at least one focus area and language),
 * with lengths that fit the cards and the profile. Each message says what to
 * type instead.
 */

export type TeamParse =
  { ok: true; values: TeamValues; slugTyped: boolean } | { ok: false; fields: Record<string, string> };

const ids = (text: string) =>
  [
    ...new Set(
      text
        .split(",")
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ].map((id) => (/^\d{1,9}$/.test(id) ? Number(id) : Number.NaN));

export function parseTeamForm(form: Record<string, string>): TeamParse {
  const fields: Record<string, string> = {};
  const base = z
    .object({
      name: words("name", TEAM_LIMITS.name),
      credentials: words("credentials", TEAM_LIMITS.credentials),
      role: words("role", TEAM_LIMITS.role),
      licenseType: words("license", TEAM_LIMITS.licenseType),
      bio: words("bio", TEAM_LIMITS.bio),
      metaDescription: words("search description", TEAM_LIMITS.metaDescription),
      education: words("education", { max: TEAM_LIMITS.education.max }, true),
      approach: words("approach", { max: TEAM_LIMITS.approach.max }, true),
      availability: words("availability", { max: TEAM_LIMITS.availability.max }, true),
    })
    .safeParse(form);
  if (!base.success) for (const issue of base.error.issues) fields[issue.path.join(".")] ??= issue.message;

  const list = (name: "specialties" | "languages", what: string, limits: { min: number; max: number }) => {
    const items = [...new Set(splitList(form[name] ?? ""))];
    if (items.length < limits.min) fields[name] = `Enter at least one ${what}.`;
    else if (items.length > limits.max)
      fields[name] = `List at most ${limits.max} ${what}s (there are ${items.length}).`;
    else if (items.some((item) => item.length > TEAM_LIMITS.listItem.max || CONTROL.test(item)))
      fields[name] = `Keep each ${what} under ${TEAM_LIMITS.listItem.max} characters, separated by commas.`;
    return items;
  };
  const specialties = list("specialties", "focus area", TEAM_LIMITS.specialties);
  const languages = list("languages", "language", TEAM_LIMITS.languages);

  const modalities = [...new Set(splitList(form.modalities ?? ""))];
  if (modalities.length === 0) fields.modalities = "Choose how they see people: in person, by telehealth, or both.";
  else if (modalities.some((m) => !(MODALITIES as readonly string[]).includes(m)))
    fields.modalities = "Choose from the options shown.";
  const inOrder = MODALITIES.filter((m) => modalities.includes(m));

  const locationIds = ids(form.locationIds ?? "");
  if (locationIds.some(Number.isNaN)) fields.locationIds = "Choose offices from the list.";
  const insuranceIds = ids(form.insuranceIds ?? "");
  if (insuranceIds.some(Number.isNaN)) fields.insuranceIds = "Choose insurers from the list.";

  const photo = (form.photoImageId ?? "").trim();
  if (photo && !/^\d{1,9}$/.test(photo)) fields.photoImageId = "Upload the photo again: this one was not understood.";

  const accepting = form.acceptingNewPatients ?? "";
  if (accepting !== "yes" && accepting !== "no")
    fields.acceptingNewPatients = "Say whether they are accepting new patients.";

  const typedSlug = squashed(form.slug ?? "");
  const name = base.success ? base.data.name : squashed(form.name ?? "");
  const slug = typedSlug ? typedSlug.toLowerCase() : slugFromName(name);
  if (typedSlug && !SLUG_PATTERN.test(slug))
    fields.slug = "Use only lower-case letters, digits and single hyphens, such as maya-ellison.";
  else if (typedSlug && slug.length > TEAM_LIMITS.slug.max)
    fields.slug = `Keep the web address under ${TEAM_LIMITS.slug.max} characters.`;
  else if (!slug && !fields.name)
    fields.slug = "Enter a web address, such as maya-ellison: the name has no letters to make one from.";

  if (!base.success || Object.keys(fields).length > 0) return { ok: false, fields };
  return {
    ok: true,
    slugTyped: typedSlug !== "",
    values: {
      ...base.data,
      slug,
      photoImageId: photo ? Number(photo) : null,
      specialties,
      languages,
      modalities: inOrder,
      acceptingNewPatients: accepting === "yes",
      locationIds,
      insuranceIds,
    },
  };
}
