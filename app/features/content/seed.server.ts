import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { projectRoot, STARTUP_LOCK_KEY, type Database, type Db } from "~/db/client.server";
import * as t from "~/db/schema";
import { readContentFiles, type ContentFiles } from "./content-files.server";
import { bumpContentVersion } from "./content-version.server";

export const contentDir = path.join(projectRoot, "content");

/**
 * Each step of the demo content runs once, marked by its own row: an install
 * seeded before a step existed (say, before the public pages were written)
 * gets that step on its next start, and nothing staff changed is touched.
 */
const STEPS = [
  { key: "demo_content_seeded_at", run: seedFrameContent },
  { key: "demo_pages_seeded_at", run: seedPageWords },
  { key: "demo_profile_facts_seeded_at", run: seedProfileFacts },
] as const;

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Loads the demo content on first start. Runs in one transaction (and, on
 * PostgreSQL, under an advisory lock), so it happens exactly once however
 * many instances start together. Returns whether anything was written.
 */
export async function seedDemoContent(database: Database, dir = contentDir): Promise<boolean> {
  const content = readContentFiles(dir);
  return database.db.transaction(async (tx) => {
    if (database.kind === "postgres") {
      await tx.execute(sql`select pg_advisory_xact_lock(${STARTUP_LOCK_KEY})`);
    }
    let wrote = false;
    for (const step of STEPS) {
      const done = await tx.select().from(t.appMeta).where(eq(t.appMeta.key, step.key));
      if (done.length > 0) continue;
      await step.run(tx, content);
      await tx.insert(t.appMeta).values({ key: step.key, value: new Date().toISOString() }).onConflictDoNothing();
      wrote = true;
    }
    if (wrote) {
      // New words must not be hidden behind pages cached before them.
      await bumpContentVersion(tx);
    }
    return wrote;
  });
}

const ordered = <T>(rows: T[]) => rows.map((row, i) => ({ ...row, sortOrder: i }));

/** The home page and the frame: site content and the lists (spec §3). */
async function seedFrameContent(tx: Tx, content: ContentFiles) {
  await tx
    .insert(t.siteContent)
    .values({ id: 1, ...content.site })
    .onConflictDoNothing();
  await tx.insert(t.treatments).values(ordered(content.treatments)).onConflictDoNothing();
  await tx.insert(t.insuranceProviders).values(ordered(content["insurance-providers"])).onConflictDoNothing();
  await tx.insert(t.testimonials).values(ordered(content.testimonials));
  // The profile facts are the next step's (seedProfileFacts), which an older install also gets.
  const members = content.team.map(
    ({ education: _e, approach: _a, availability: _v, offices: _o, insurance: _i, ...member }) => member,
  );
  await tx.insert(t.teamMembers).values(ordered(members)).onConflictDoNothing();
  await tx.insert(t.conditions).values(ordered(content.conditions)).onConflictDoNothing();
  await tx.insert(t.faqItems).values(ordered(content.faq));
  await tx.insert(t.locations).values(ordered(content.locations)).onConflictDoNothing();
}

/**
 * What people choose a clinician by (issue 20): education, approach,
 * availability, offices and insurers, for each demo clinician whose profile
 * facts are all still empty, so nothing staff entered is touched.
 */
async function seedProfileFacts(tx: Tx, content: ContentFiles) {
  const offices = new Map((await tx.select().from(t.locations)).map((l) => [l.slug, l.id]));
  const insurers = new Map((await tx.select().from(t.insuranceProviders)).map((p) => [p.slug, p.id]));
  const ids = (slugs: string[], bySlug: Map<string, number>) =>
    slugs.flatMap((s) => (bySlug.has(s) ? [bySlug.get(s)!] : []));
  for (const member of content.team) {
    await tx
      .update(t.teamMembers)
      .set({
        education: member.education,
        approach: member.approach,
        availability: member.availability,
        locationIds: ids(member.offices, offices),
        insuranceIds: ids(member.insurance, insurers),
      })
      .where(
        and(
          eq(t.teamMembers.slug, member.slug),
          eq(t.teamMembers.education, ""),
          eq(t.teamMembers.approach, ""),
          eq(t.teamMembers.availability, ""),
          sql`${t.teamMembers.locationIds} = '[]'::jsonb`,
          sql`${t.teamMembers.insuranceIds} = '[]'::jsonb`,
        ),
      );
  }
}

/**
 * The public pages' words (docs/content.md): new pages and posts, and the
 * words of treatments, providers, clinicians and offices where they are still
 * empty, so an edit made by staff stays.
 */
async function seedPageWords(tx: Tx, content: ContentFiles) {
  for (const file of content["treatment-pages"]) {
    const { slug, ...words } = file;
    await tx
      .update(t.treatments)
      .set(words)
      .where(and(eq(t.treatments.slug, slug), eq(t.treatments.metaDescription, "")));
  }
  for (const file of content["insurance-pages"]) {
    const { slug, ...words } = file;
    await tx
      .update(t.insuranceProviders)
      .set(words)
      .where(and(eq(t.insuranceProviders.slug, slug), eq(t.insuranceProviders.metaDescription, "")));
  }
  for (const member of content.team) {
    await tx
      .update(t.teamMembers)
      .set({ metaDescription: member.metaDescription })
      .where(and(eq(t.teamMembers.slug, member.slug), eq(t.teamMembers.metaDescription, "")));
  }
  for (const office of content.locations) {
    await tx
      .update(t.locations)
      .set({ metaDescription: office.metaDescription, hours: office.hours, directions: office.directions })
      .where(and(eq(t.locations.slug, office.slug), eq(t.locations.metaDescription, "")));
  }
  if (content.pages.length > 0) {
    await tx.insert(t.pages).values(ordered(content.pages)).onConflictDoNothing();
  }
  if (content.blog.length > 0) {
    await tx
      .insert(t.blogPosts)
      .values(
        content.blog.map((post) => ({
          slug: post.slug,
          title: post.title,
          metaTitle: post.metaTitle,
          metaDescription: post.metaDescription,
          excerpt: post.excerpt,
          body: post.body,
          authorSlug: post.author,
          reviewerSlug: post.reviewer,
          status: "published" as const,
          publishedAt: new Date(`${post.publishedAt}T12:00:00Z`),
          createdAt: new Date(`${post.publishedAt}T12:00:00Z`),
          updatedAt: new Date(`${post.updatedAt}T12:00:00Z`),
        })),
      )
      .onConflictDoNothing();
  }
}
