import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { appMeta, notFoundPaths, seoRedirects, type SeoRedirect } from "~/db/schema";
import { audit, type AuditActor } from "~/features/auth/audit.server";
import { normalisePath } from "~/lib/site-path";
import { normaliseTarget, reservedPathReason, type RedirectFormField, type RedirectStatus } from "./redirect-rules";

/** The app_meta row every instance polls: bumped with each change, so the others reload their table. */
export const REDIRECTS_VERSION_KEY = "redirects_version";

export async function readRedirectsVersion(db: Db): Promise<string> {
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, REDIRECTS_VERSION_KEY));
  return row?.value ?? "0";
}

async function bumpRedirectsVersion(db: Pick<Db, "insert">): Promise<void> {
  await db
    .insert(appMeta)
    .values({ key: REDIRECTS_VERSION_KEY, value: "1" })
    .onConflictDoUpdate({
      target: appMeta.key,
      set: { value: sql`(${appMeta.value}::bigint + 1)::text`, updatedAt: sql`now()` },
    });
}

export function listRedirects(db: Db): Promise<SeoRedirect[]> {
  return db.select().from(seoRedirects).orderBy(asc(seoRedirects.fromPath));
}

export interface RedirectInput {
  fromPath: string;
  toTarget: string;
  status: RedirectStatus;
}

export type RedirectChange =
  | { ok: true; redirect: SeoRedirect }
  | { ok: false; status: 400 | 404; message: string; fields: Partial<Record<RedirectFormField, string>> };

/** A redirect's target as a path of this site (for loop and chain checks), or null when it leaves the site. */
function targetPathOf(target: string, publicUrl: string): string | null {
  const parsed = normaliseTarget(target);
  if (!parsed) return null;
  let pathname: string;
  if (parsed.kind === "url") {
    const url = new URL(parsed.value);
    if (url.origin !== new URL(publicUrl).origin) return null;
    pathname = url.pathname;
  } else {
    pathname = new URL(parsed.value, "http://x").pathname;
  }
  return normalisePath(pathname);
}

const describe = (row: Pick<SeoRedirect, "fromPath" | "toTarget">) =>
  `the redirect from ${row.fromPath} to ${row.toTarget}`;

/**
 * Creates (id null) or changes a redirect, refusing with field errors what
 * would not work: a path that is no path or is the site's own, a target that
 * is neither a path nor an http(s) address, a second redirect from the same
 * path, and any loop or chain with another redirect (named in the error).
 * Runs under a transaction-scoped advisory lock so two staff members cannot
 * make a chain between them; bumps the version the other instances poll.
 */
export async function saveRedirect(
  db: Db,
  publicUrl: string,
  id: number | null,
  input: RedirectInput,
  actor?: AuditActor,
): Promise<RedirectChange> {
  const fields: Partial<Record<RedirectFormField, string>> = {};
  const fromPath = normalisePath(input.fromPath);
  if (!fromPath) fields.fromPath = "Enter a path on this site starting with /, without ? or # (for example /old-page).";
  else {
    const reserved = reservedPathReason(fromPath);
    if (reserved) fields.fromPath = reserved;
  }
  const target = normaliseTarget(input.toTarget);
  if (!target) fields.toTarget = "Enter a path such as /services, or a full address starting with https://.";
  const refuse = (message = "Please correct the highlighted fields.") =>
    ({ ok: false, status: 400, message, fields }) as const;
  if (!fromPath || !target || Object.keys(fields).length > 0) return refuse();

  const toPath = targetPathOf(target.value, publicUrl);
  if (toPath === fromPath) {
    fields.toTarget = "This would send the address to itself (a loop).";
    return refuse();
  }

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('seo_redirects'))`);
    const others = (await tx.select().from(seoRedirects)).filter((row) => row.id !== id);
    const before = id === null ? undefined : (await tx.select().from(seoRedirects).where(eq(seoRedirects.id, id)))[0];
    if (id !== null && !before)
      return { ok: false, status: 404, message: "This redirect no longer exists.", fields: {} } as const;

    const same = others.find((row) => row.fromPath === fromPath);
    if (same) fields.fromPath = `There is already ${describe(same)}: edit that one instead.`;
    const onward = toPath === null ? undefined : others.find((row) => row.fromPath === toPath);
    if (onward) {
      fields.toTarget =
        targetPathOf(onward.toTarget, publicUrl) === fromPath
          ? `This would make a loop with ${describe(onward)}: each would send visitors to the other.`
          : `This would make a chain: ${onward.fromPath} is itself redirected (${describe(onward)}). Point this redirect straight at ${onward.toTarget}.`;
    }
    const into = others.find((row) => targetPathOf(row.toTarget, publicUrl) === fromPath);
    // (The other half of a loop is already named under the target.)
    if (into && into !== onward) {
      fields.fromPath ??= `This would make a chain: ${describe(into)} already sends visitors here. Change that one instead.`;
    }
    if (Object.keys(fields).length > 0) return refuse();

    const values = { fromPath, toTarget: target.value, status: input.status, updatedAt: new Date() };
    const [saved] =
      id === null
        ? await tx.insert(seoRedirects).values(values).returning()
        : await tx.update(seoRedirects).set(values).where(eq(seoRedirects.id, id)).returning();
    // The path redirects now: it no longer belongs in the 404 monitor.
    await tx.delete(notFoundPaths).where(eq(notFoundPaths.path, fromPath));
    await bumpRedirectsVersion(tx);
    if (actor) {
      await audit(tx, actor, {
        action: id === null ? "redirect_created" : "redirect_changed",
        target: { type: "redirect", id: String(saved!.id) },
        detail: { before: before ? snapshot(before) : null, after: snapshot(saved!) },
      });
    }
    return { ok: true, redirect: saved! } as const;
  });
}

function snapshot(row: SeoRedirect) {
  return { fromPath: row.fromPath, toTarget: row.toTarget, status: row.status };
}

/** Deletes a redirect; false when it was already gone. */
export async function deleteRedirect(db: Db, id: number, actor?: AuditActor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [gone] = await tx.delete(seoRedirects).where(eq(seoRedirects.id, id)).returning();
    if (!gone) return false;
    await bumpRedirectsVersion(tx);
    if (actor) {
      await audit(tx, actor, {
        action: "redirect_deleted",
        target: { type: "redirect", id: String(id) },
        detail: { before: snapshot(gone), after: null },
      });
    }
    return true;
  });
}

/**
 * The redirect a published page's or post's new slug needs (the page and
 * post editors of issues 18 and 19 call it when a slug changes): `from` →
 * `to` as a 301. Chains are collapsed rather than refused, as WordPress's
 * redirect plugins do: redirects that led to `from` now lead to `to`, and a
 * redirect away from `to` (the page had that slug before) is removed, since
 * the page lives there again. Audited when an actor is given.
 */
export async function addSlugRedirect(db: Db, from: string, to: string, actor?: AuditActor): Promise<SeoRedirect> {
  const fromPath = normalisePath(from);
  const toPath = normalisePath(to);
  if (!fromPath || !toPath || fromPath === toPath || reservedPathReason(fromPath))
    throw new Error(`addSlugRedirect: not a redirect between two public paths (${from} → ${to})`);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('seo_redirects'))`);
    const changes: Record<string, unknown>[] = [];
    const [back] = await tx.delete(seoRedirects).where(eq(seoRedirects.fromPath, toPath)).returning();
    if (back) changes.push({ removed: snapshot(back) });
    const pointing = await tx
      .update(seoRedirects)
      .set({ toTarget: toPath, updatedAt: new Date() })
      .where(sql`lower(${seoRedirects.toTarget}) = ${fromPath} and ${seoRedirects.fromPath} <> ${fromPath}`)
      .returning();
    for (const row of pointing) changes.push({ retargeted: snapshot(row) });
    const [saved] = await tx
      .insert(seoRedirects)
      .values({ fromPath, toTarget: toPath, status: 301 })
      .onConflictDoUpdate({
        target: seoRedirects.fromPath,
        set: { toTarget: toPath, status: 301, updatedAt: new Date() },
      })
      .returning();
    await tx.delete(notFoundPaths).where(eq(notFoundPaths.path, fromPath));
    await bumpRedirectsVersion(tx);
    if (actor) {
      await audit(tx, actor, {
        action: "redirect_created",
        target: { type: "redirect", id: String(saved!.id) },
        detail: { before: null, after: snapshot(saved!), reason: "slug_changed", changes },
      });
    }
    return saved!;
  });
}

/**
 * A page published again at `path` (a new office at a removed one's
 * address): a redirect away from it would hide the page, so it goes.
 * Audited when there was one and an actor is given. True when one went.
 */
export async function dropSlugRedirect(db: Db, path: string, actor?: AuditActor): Promise<boolean> {
  const fromPath = normalisePath(path);
  if (!fromPath) return false;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('seo_redirects'))`);
    const [gone] = await tx.delete(seoRedirects).where(eq(seoRedirects.fromPath, fromPath)).returning();
    if (!gone) return false;
    await bumpRedirectsVersion(tx);
    if (actor)
      await audit(tx, actor, {
        action: "redirect_deleted",
        target: { type: "redirect", id: String(gone.id) },
        detail: { before: snapshot(gone), after: null, reason: "page_published_again" },
      });
    return true;
  });
}
