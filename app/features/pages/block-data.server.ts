import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import * as t from "~/db/schema";
import type { ContentBlock } from "~/features/content/blocks";
import { blocksIn, renderBody, type BodySegment } from "~/features/content/markdown.server";
import { namesInlineFacts, withInlineFacts } from "~/features/content/inline-facts";
import {
  getSiteContent,
  listInsuranceProviders,
  listLocations,
  listTeamMembers,
  listTreatments,
} from "~/features/content/queries.server";

/** Treatments that are therapy (the rest are psychiatric care or conditions); shown by {{therapies}}. */
export const THERAPY_TREATMENTS = ["individual-therapy", "couples-counseling", "trauma-ptsd"] as const;

export interface LinkCard {
  path: string;
  title: string;
  summary: string;
}

/** What the live blocks of one body show; only the lists a body places are read. */
export interface BlockData {
  treatments?: LinkCard[];
  therapies?: LinkCard[];
  insurance?: { path: string; name: string; logo: string | null }[];
  team?: TeamCard[];
  locations?: LocationCard[];
}

export type TeamCard = Pick<
  t.TeamMember,
  "slug" | "name" | "credentials" | "role" | "photo" | "photoAlt" | "acceptingNewPatients" | "modalities" | "languages"
>;

export type LocationCard = Pick<
  t.Location,
  "slug" | "name" | "street" | "city" | "state" | "zip" | "phone" | "hours" | "isPrimary"
>;

export interface BodyView {
  segments: BodySegment[];
  data: BlockData;
}

export function toTeamCard(m: t.TeamMember): TeamCard {
  return {
    slug: m.slug,
    name: m.name,
    credentials: m.credentials,
    role: m.role,
    photo: m.photo,
    photoAlt: m.photoAlt,
    acceptingNewPatients: m.acceptingNewPatients,
    modalities: m.modalities,
    languages: m.languages,
  };
}

export function toLocationCard(l: t.Location): LocationCard {
  return {
    slug: l.slug,
    name: l.name,
    street: l.street,
    city: l.city,
    state: l.state,
    zip: l.zip,
    phone: l.phone,
    hours: l.hours,
    isPrimary: l.isPrimary,
  };
}

const loaders: { [B in ContentBlock]?: (db: Db) => Promise<Partial<BlockData>> } = {
  treatments: async (db) => ({
    treatments: (await listTreatments(db)).map((x) => ({
      path: `/${x.slug}`,
      title: x.title,
      summary: x.shortDescription,
    })),
  }),
  therapies: async (db) => {
    const [treatments, topics] = await Promise.all([
      db
        .select({ slug: t.treatments.slug, title: t.treatments.title, summary: t.treatments.shortDescription })
        .from(t.treatments)
        .where(inArray(t.treatments.slug, [...THERAPY_TREATMENTS]))
        .orderBy(asc(t.treatments.sortOrder)),
      db
        .select({ slug: t.pages.slug, title: t.pages.title, summary: t.pages.lede })
        .from(t.pages)
        .where(and(eq(t.pages.section, "topic"), eq(t.pages.published, true)))
        .orderBy(asc(t.pages.sortOrder)),
    ]);
    return {
      therapies: [...treatments, ...topics].map((x) => ({ path: `/${x.slug}`, title: x.title, summary: x.summary })),
    };
  },
  insurance: async (db) => ({
    insurance: (await listInsuranceProviders(db)).map((p) => ({ path: `/${p.slug}`, name: p.name, logo: p.logo })),
  }),
  team: async (db) => ({ team: (await listTeamMembers(db)).map(toTeamCard) }),
  locations: async (db) => ({ locations: (await listLocations(db)).map(toLocationCard) }),
};

/** A Markdown body rendered, with the data of the blocks it places and the clinic's facts it names inline. */
export async function loadBody(db: Db, body: string): Promise<BodyView> {
  const wanted = [...blocksIn(body)].flatMap((block) => loaders[block] ?? []);
  const [site, ...parts] = await Promise.all([
    namesInlineFacts(body) ? getSiteContent(db) : null,
    ...wanted.map((load) => load(db)),
  ]);
  const text = site ? withInlineFacts(body, site) : body;
  return { segments: renderBody(text), data: Object.assign({}, ...parts) as BlockData };
}
