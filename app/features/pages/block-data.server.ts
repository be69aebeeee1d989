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
import { portraitsOf, type PortraitPlace } from "./team-portrait.server";

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

/**
 * A clinician's card: who, their portrait's markup (team-portrait.server.tsx), and what people choose by,
 * briefly, as lines of words made here (so the words that make them stay out of the pages' script).
 */
export type TeamCard = Pick<t.TeamMember, "slug" | "name" | "credentials" | "role" | "acceptingNewPatients"> & {
  portrait: string;
  /** "Depression · Anxiety". */
  focus: string;
  /** "In person & Telehealth · English, Spanish · Winter Park". */
  where: string;
  /** "Evenings on Tuesdays · Takes 5 insurance plans"; empty when neither is known. */
  when: string;
};

export type LocationCard = Pick<
  t.Location,
  "slug" | "name" | "street" | "city" | "state" | "zip" | "phone" | "hours" | "isPrimary"
>;

export interface BodyView {
  segments: BodySegment[];
  data: BlockData;
}

/** The members as cards, with their portraits and their offices' names. */
export async function teamCards(db: Db, members: t.TeamMember[], place: PortraitPlace = "card"): Promise<TeamCard[]> {
  const [portraits, offices] = await Promise.all([
    portraitsOf(db, members, place),
    db.select({ id: t.locations.id, name: t.locations.name }).from(t.locations),
  ]);
  const officeName = new Map(offices.map((o) => [o.id, o.name]));
  const plans = (n: number) => (n === 0 ? "" : `Takes ${n} insurance ${n === 1 ? "plan" : "plans"}`);
  return members.map((m) => ({
    slug: m.slug,
    name: m.name,
    credentials: m.credentials,
    role: m.role,
    acceptingNewPatients: m.acceptingNewPatients,
    portrait: portraits.get(m.id) ?? "",
    focus: m.specialties.join(" · "),
    where: [
      m.modalities.join(" & "),
      m.languages.join(", "),
      ...m.locationIds.flatMap((id) => officeName.get(id) ?? []),
    ]
      .filter(Boolean)
      .join(" · "),
    when: [m.availability, plans(m.insuranceIds.length)].filter(Boolean).join(" · "),
  }));
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
  team: async (db) => ({ team: await teamCards(db, await listTeamMembers(db)) }),
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
