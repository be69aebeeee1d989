import type { FormAnswer } from "~/lib/form-answer";
import type { ClinicValues } from "./content-rules";
import type { WeekHours } from "./week-hours";

export const CLINIC_INTENT = "clinic";
export const LOCATION_INTENT = "location";
export const LOCATION_ADD_INTENT = "location-add";
export const LOCATION_DELETE_INTENT = "location-delete";
/** Makes the target office the main one (decision 0047). */
export const MAIN_OFFICE_INTENT = "main-office";
/** The new-office form's target (the office forms' targets are their ids). */
export const NEW_OFFICE_TARGET = "new";
export const REVERT_INTENT = "revert";

export interface LocationView {
  id: number;
  slug: string;
  name: string;
  description: string;
  /** "Getting here" on its page (empty: none). */
  directions: string;
  /** Its page's search description (empty: the description is used). */
  metaDescription: string;
  telehealthOnly: boolean;
  /** As typed in the form: degrees. */
  latitude: string;
  longitude: string;
  /** "Winter Park, Maitland". */
  areasServed: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
  /** The main office: its address, phone and hours are the clinic's on every page (decision 0042). */
  isPrimary: boolean;
  week: WeekHours;
  closures: { date: string; note: string }[];
}

export interface HistoryView {
  id: number;
  at: { iso: string; text: string };
  by: string | null;
  /** "The clinic's settings" or the office's name. */
  what: string;
  /** "opening hours, holiday closures". */
  fields: string;
  /** The entry this one undid, if it was an undo. */
  revertOf: number | null;
}

export interface ContentPageData {
  clinic: ClinicValues;
  locations: LocationView[];
  history: HistoryView[];
  /** The office pages' public paths, by office id (to look at the result). */
  publicUrl: string;
}

/** One form's answer; `target`: the office a location form answers (its id). */
export type ContentAnswer = FormAnswer<string> & {
  intent: string;
  target?: string;
  /** Places that link to an office a removal refused. */
  linkedFrom?: { label: string; href: string }[];
};
