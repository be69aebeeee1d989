import type { Db } from "~/db/client.server";
import type { AdConversionKind } from "~/db/schema";
import type { AuditActor } from "~/features/auth/audit.server";
import { ADS_CONVERSIONS_PATH } from "~/lib/ads-paths";
import { addDays, clinicDayOf, dayKey, formatClinicDateTime, parseDayKey, startOfClinicDay } from "~/lib/clinic-time";
import { formAnswer } from "~/lib/form-answer";
import { readPostedForm } from "~/lib/form-values";
import { periodText } from "~/lib/periods";
import { zoneWords } from "~/lib/time-zones";
import type { ConversionAnswer, ConversionField, ConversionsView, ExportListRow } from "./ads-types";
import type { ConversionSettings } from "./conversion-file";
import { checkConversions, CONVERSION_TIME_ZONE, prepareExport, recentExports } from "./conversions.server";
import { storedFacts } from "./imports.server";
import { MICROS, readTypedAmount } from "./money";

const KNOWN_CURRENCIES = new Set(Intl.supportedValuesOf("currency"));
/** Google's conversion action names are at most 100 characters. */
const MAX_NAME = 100;
/** A period longer than this is no export anyone means (Google takes conversions up to 90 days after the click). */
const MAX_DAYS = 366;
export const DEFAULT_NAMES: Record<AdConversionKind, string> = {
  scheduled: "Appointment scheduled",
  patient: "New patient",
};

/** The address of a file made before. */
export const exportHref = (id: number) => `${ADS_CONVERSIONS_PATH}/${id}`;

/** The page: the form's first values (the last file's names and values), and the files made so far. */
export async function conversionsPageData(db: Db, now = new Date()): Promise<ConversionsView> {
  const { currency } = await storedFacts(db);
  const exports = await recentExports(db);
  const last = exports[0]?.settings as Partial<ConversionSettings> | undefined;
  const today = clinicDayOf(now);
  const value = (kind: AdConversionKind) => {
    const micros = last?.values?.[kind];
    return typeof micros === "number" ? String(micros / MICROS) : "";
  };
  const rows: ExportListRow[] = exports.map((row) => {
    const settings = row.settings as unknown as ConversionSettings;
    return {
      id: row.id,
      made: { iso: row.at.toISOString(), text: formatClinicDateTime(row.at) },
      period: periodText({ start: row.periodStart, end: row.periodEnd }),
      rows: row.rowCount,
      names: settings.kinds.map((kind) => settings.names[kind]).join(", "),
      includedEarlier: row.includedEarlier,
      href: exportHref(row.id),
    };
  });
  return {
    defaults: {
      from: dayKey(addDays(today, -29)),
      to: dayKey(today),
      kinds: (last?.kinds ?? ["scheduled", "patient"]).join(","),
      scheduledName: last?.names?.scheduled ?? DEFAULT_NAMES.scheduled,
      patientName: last?.names?.patient ?? DEFAULT_NAMES.patient,
      scheduledValue: value("scheduled"),
      patientValue: value("patient"),
      currency: last?.currency ?? currency ?? "",
      includeEarlier: "",
    },
    currency,
    exports: rows,
    timeZone: zoneWords(CONVERSION_TIME_ZONE),
  };
}

type Values = Record<ConversionField, string>;

/** The form read and checked: the days, the outcomes, their names and values. */
function readForm(
  form: FormData,
  now: Date,
): { values: Values; includeEarlier: boolean } & (
  | { ok: true; from: string; to: string; start: Date; end: Date; settings: ConversionSettings }
  | { ok: false; fields: Partial<Record<ConversionField, string>> }
) {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.trim().slice(0, 200) : "";
  };
  const kinds = (["scheduled", "patient"] as const).filter((kind) => form.getAll("kinds").includes(kind));
  const values: Values = {
    from: text("from"),
    to: text("to"),
    kinds: kinds.join(","),
    scheduledName: text("scheduledName"),
    patientName: text("patientName"),
    scheduledValue: text("scheduledValue"),
    patientValue: text("patientValue"),
    currency: text("currency").toUpperCase(),
    includeEarlier: form.get("includeEarlier") === "1" ? "1" : "",
  };
  const includeEarlier = values.includeEarlier === "1";
  const fields: Partial<Record<ConversionField, string>> = {};
  const today = dayKey(clinicDayOf(now));
  const from = parseDayKey(values.from);
  const to = parseDayKey(values.to);
  if (!from) fields.from = "Choose the first day, such as 2026-03-01.";
  if (!to) fields.to = "Choose the last day, such as 2026-03-31.";
  else if (dayKey(to) > today) fields.to = "The last day is in the future: choose today or earlier.";
  if (from && to && dayKey(from) > dayKey(to)) fields.to = "The last day is before the first day.";
  if (
    from &&
    to &&
    !fields.to &&
    (startOfClinicDay(to).getTime() - startOfClinicDay(from).getTime()) / 86_400_000 + 1 > MAX_DAYS
  ) {
    fields.from = "Choose at most a year at a time (Google takes conversions up to 90 days after the click).";
  }
  if (kinds.length === 0) fields.kinds = "Choose at least one: scheduled, or became a patient.";
  const names = { scheduled: values.scheduledName, patient: values.patientName };
  const amounts: Record<AdConversionKind, number | null> = { scheduled: null, patient: null };
  const currency = values.currency || null;
  if (currency && (!/^[A-Z]{3}$/.test(currency) || !KNOWN_CURRENCIES.has(currency))) {
    fields.currency = "Use a currency code of three letters, such as USD.";
  }
  for (const kind of kinds) {
    const nameField = kind === "scheduled" ? "scheduledName" : "patientName";
    const valueField = kind === "scheduled" ? "scheduledValue" : "patientValue";
    const name = names[kind];
    if (!name) fields[nameField] = "Write the name of the conversion action as it is in Google Ads.";
    else if (name.length > MAX_NAME) fields[nameField] = `Google's names are at most ${MAX_NAME} characters.`;
    // A name starting like a formula would run in a spreadsheet; Google's names never do.
    // eslint-disable-next-line no-control-regex -- control characters are what this refuses
    else if (/^[=+\-@]/.test(name) || /[\u0000-\u001f]/.test(name)) {
      fields[nameField] = "Start the name with a letter or digit, as Google Ads names are.";
    }
    const typed = values[valueField];
    if (typed) {
      const micros = currency ? readTypedAmount(typed, currency) : null;
      if (!currency) fields.currency = "Choose the currency of the values (or leave the values empty).";
      else if (micros === null)
        fields[valueField] = `Write an amount in ${currency}, such as 150 or 150.00, or leave it empty.`;
      else amounts[kind] = micros;
    }
  }
  if (kinds.length === 2 && names.scheduled && names.scheduled === names.patient) {
    fields.patientName =
      "Use another name than for scheduled: each outcome is its own conversion action in Google Ads.";
  }
  if (Object.keys(fields).length > 0) return { ok: false, values, includeEarlier, fields };
  const anyValue = amounts.scheduled !== null || amounts.patient !== null;
  return {
    ok: true,
    values,
    includeEarlier,
    from: dayKey(from!),
    to: dayKey(to!),
    start: startOfClinicDay(from!),
    end: startOfClinicDay(addDays(to!, 1)),
    settings: { kinds: [...kinds], names, values: amounts, currency: anyValue ? currency : null },
  };
}

/**
 * The form (with or without JavaScript): "check" says what a file of these
 * days would carry, writing nothing; "prepare" makes the file (recorded and
 * audited) and answers with its address. 400 naming the field; 200 otherwise.
 */
export async function runConversionsAction(
  db: Db,
  actor: AuditActor & { id: string },
  request: Request,
  now = new Date(),
): Promise<{ status: number; answer: ConversionAnswer }> {
  const posted = await readPostedForm(request);
  const intent = posted?.text("intent") ?? "";
  type Extras = { intent: string } & Partial<Pick<ConversionAnswer, "check" | "download">>;
  const answer = (
    status: number,
    init: Omit<ConversionAnswer, "answerId" | "intent" | "fields"> & { fields?: ConversionAnswer["fields"] },
  ) => ({
    status,
    answer: formAnswer<ConversionField, Extras>({ intent, ...init }),
  });
  if (!posted || (intent !== "check" && intent !== "prepare")) {
    return answer(400, { ok: false, message: "This form submission could not be understood." });
  }
  const read = readForm(posted.form, now);
  if (!read.ok) {
    return answer(400, {
      ok: false,
      message: "Please correct the highlighted fields. No file was made.",
      fields: read.fields,
      values: read.values,
    });
  }
  const days = periodText({ start: read.from, end: read.to });
  const counts = (check: Awaited<ReturnType<typeof checkConversions>>) => ({
    scheduled: check.candidates.filter((c) => c.kind === "scheduled").length,
    patients: check.candidates.filter((c) => c.kind === "patient").length,
    exportedBefore: check.exportedBefore,
    tooLate: check.tooLate,
    unreadable: check.unreadable,
  });
  if (intent === "check") {
    const check = await checkConversions(db, read, read.settings.kinds, read.includeEarlier);
    return answer(200, {
      ok: true,
      tone: "info",
      message: `${days}: a file would carry ${check.candidates.length} ${check.candidates.length === 1 ? "conversion" : "conversions"}. Nothing is made yet.`,
      values: read.values,
      check: counts(check),
    });
  }
  const made = await prepareExport(db, actor, {
    ...read,
    settings: read.settings,
    includeEarlier: read.includeEarlier,
  });
  if (!made.ok) {
    return answer(200, {
      ok: true,
      tone: "info",
      message: `${days}: there is nothing to send${made.check.exportedBefore > 0 ? " that was not sent before" : ""}, so no file was made.`,
      values: read.values,
      check: counts(made.check),
    });
  }
  return answer(200, {
    ok: true,
    message: `Your file is ready: ${made.rows} ${made.rows === 1 ? "conversion" : "conversions"} of ${days}. Upload it in Google Ads under Goals, then Conversions, then Uploads.`,
    values: read.values,
    check: counts(made.check),
    download: { href: exportHref(made.exportId), rows: made.rows },
  });
}
