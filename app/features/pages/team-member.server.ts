import { and, desc, eq, inArray, or } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import * as t from "~/db/schema";
import { isLive } from "~/features/content/live-posts.server";
import type { ImageSources } from "~/features/images/image-rules";
import { profileHtml } from "./team-profile-html.server";
import { portraitImage, portraitJpeg, portraitMarkup } from "./team-portrait.server";
import type { TeamProfile } from "./team-profile";

type ProfileSource = Omit<TeamProfile, "portrait" | "image" | "offices" | "insurers" | "updatedAt"> & {
  locationIds: number[];
  insuranceIds: number[];
  updatedAt: Date;
};

/**
 * A profile from a member's values, stored or not (the editor's preview
 * gives the unsaved ones): offices and insurers in the order chosen.
 */
export async function profileOf(db: Db, member: ProfileSource, photo: ImageSources | null): Promise<TeamProfile> {
  const [offices, insurers] = await Promise.all([
    member.locationIds.length
      ? db
          .select({ id: t.locations.id, slug: t.locations.slug, name: t.locations.name })
          .from(t.locations)
          .where(inArray(t.locations.id, member.locationIds))
      : [],
    member.insuranceIds.length
      ? db
          .select({ id: t.insuranceProviders.id, slug: t.insuranceProviders.slug, name: t.insuranceProviders.name })
          .from(t.insuranceProviders)
          .where(inArray(t.insuranceProviders.id, member.insuranceIds))
      : [],
  ]);
  const inOrder = <R extends { id: number; slug: string; name: string }>(rows: R[], ids: number[]) =>
    ids.flatMap((id) => rows.filter((r) => r.id === id).map(({ slug, name }) => ({ slug, name })));
  const m = member;
  return {
    slug: m.slug,
    name: m.name,
    credentials: m.credentials,
    role: m.role,
    licenseType: m.licenseType,
    bio: m.bio,
    specialties: m.specialties,
    languages: m.languages,
    modalities: m.modalities,
    acceptingNewPatients: m.acceptingNewPatients,
    metaDescription: m.metaDescription,
    education: m.education,
    approach: m.approach,
    availability: m.availability,
    portrait: portraitMarkup(member.name, photo, "profile"),
    image: portraitJpeg(photo),
    offices: inOrder(offices, m.locationIds),
    insurers: inOrder(insurers, m.insuranceIds),
    updatedAt: m.updatedAt.toISOString(),
  };
}

/** One clinician and the articles they wrote or reviewed (live ones: not drafts, not scheduled). */
export async function loadTeamMember(db: Db, slug: string) {
  const [member] = await db.select().from(t.teamMembers).where(eq(t.teamMembers.slug, slug));
  if (!member) return null;
  const [posts, photo] = await Promise.all([
    db
      .select({ slug: t.blogPosts.slug, title: t.blogPosts.title })
      .from(t.blogPosts)
      .where(and(isLive(), or(eq(t.blogPosts.authorSlug, slug), eq(t.blogPosts.reviewerSlug, slug))))
      .orderBy(desc(t.blogPosts.publishedAt))
      .limit(5),
    portraitImage(db, member.photoImageId),
  ]);
  const { portrait: _portrait, ...facts } = await profileOf(db, member, photo);
  // The page's words as HTML (team-profile-html.server.tsx); the facts for its title and structured data.
  return { member: facts, posts, html: profileHtml({ ...facts, portrait: _portrait }, posts) };
}
