import type { TreatmentIcon } from "~/db/schema";

/** Shapes shared by the API and the pages (spec §3 field names). */
export interface Treatment {
  id: number;
  slug: string;
  title: string;
  shortDescription: string;
  icon: TreatmentIcon | null;
}

export interface InsuranceProvider {
  id: number;
  name: string;
  slug: string;
  logo: string | null;
}
