import { and, eq, inArray, isNotNull, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import * as t from "~/db/schema";
import { can } from "~/features/auth/access";
import { audit } from "~/features/auth/audit.server";
import { bumpContentVersion } from "~/features/content/content-version.server";
import { draftBlockers, makeCheckOverride } from "~/features/draft-checks/draft-blockers.server";
import { normalisePath } from "~/lib/site-path";
import type { EditorActor } from "./editor-actor";
import { checkPostDraft, draftOf } from "./post-checks.server";
import { isLiveRow } from "./posts-store.server";

/**
 * The moves of a post through review and publication (decision 0035). Each
 * is one conditional UPDATE (the post must still be where the move starts),
 * so two people pressing at once cannot both move it, and each is audited
 * in the same transaction. Publishing with a future time is scheduling: the
 * post is "published" with that date and appears by the clock alone
 * (isLive); schedule.server.ts bumps the content version once it falls due.
 */
export type Move =
  | { to: "in_review" }
  | { to: "draft" }
  | { to: "approved" }
  | { to: "published"; at?: Date }
  | { to: "unscheduled" }
  | { to: "unpublished"; redirectTo?: string };

export type MoveResult =
  | { ok: true; status: t.BlogPostStatus; contentVersion: string | null; message: string }
  | {
      ok: false;
      status: 400 | 403 | 404 | 409;
      message: string;
      /** The field the refusal is about (the body, when the checks found errors). */
      fields?: Partial<Record<"body" | "reason" | "findingIds", string>>;
    };

const refuse = (
  status: 400 | 403 | 404 | 409,
  message: string,
  fields?: Partial<Record<"body" | "reason" | "findingIds", string>>,
): MoveResult => ({ ok: false, status, message, ...(fields ? { fields } : {}) });

export async function movePost(
  db: Db,
  actor: EditorActor,
  id: number,
  move: Move,
  now = new Date(),
): Promise<MoveResult> {
  if (!can(actor.roles, "blog")) return refuse(403, "You may not change blog posts.");
  if (move.to === "approved" && !can(actor.roles, "blog-approve"))
    return refuse(403, "Only a clinician can approve a post for publication.");
  let redirectTo: string | null = null;
  if (move.to === "unpublished" && move.redirectTo) {
    redirectTo = normalisePath(move.redirectTo);
    if (!redirectTo) return refuse(400, "Give the address to send visitors to as a path of this site, such as /blog.");
  }
  if (move.to === "published" && move.at && move.at.getTime() < now.getTime() - 60_000)
    return refuse(400, "Choose a time in the future to schedule the post, or publish it now.");

  return db.transaction(async (tx): Promise<MoveResult> => {
    const [post] = await tx.select().from(t.blogPosts).where(eq(t.blogPosts.id, id)).for("update");
    if (!post) return refuse(404, "This post no longer exists.");
    const live = isLiveRow(post, now);
    const scheduled = post.status === "published" && !live;
    const from = scheduled ? "scheduled" : post.status;
    let set: Partial<typeof t.blogPosts.$inferInsert> & Record<string, unknown>;
    let message: string;
    const where: SQL[] = [];

    switch (move.to) {
      case "in_review":
        if (post.status !== "draft") return refuse(409, "Only a draft can be sent to review.");
        if (!post.title.trim() || !post.body.trim())
          return refuse(400, "Write a title and a body before sending the post to review.");
        if (!post.reviewerSlug)
          return refuse(400, "Choose the clinician who reviews the post, then send it to review.");
        {
          // The stored words are checked (a save comes first), in the transaction that holds the row.
          const blockers = draftBlockers(await checkPostDraft(tx, id, draftOf(post)), post.checkOverride);
          if (blockers.blocked) {
            const list = blockers.errors.map((f) => f.title).join("; ");
            return refuse(
              400,
              `The checks found ${blockers.errors.length === 1 ? "something" : `${blockers.errors.length} things`} to change before review: ${list}. Change the text, or ask a clinician to let it through with a written reason.`,
              { body: `Change before review: ${list}.` },
            );
          }
        }
        set = { status: "in_review" };
        message = "Sent to review: a clinician can now approve it.";
        where.push(eq(t.blogPosts.status, "draft"));
        break;
      case "draft":
        if (!["in_review", "approved", "unpublished"].includes(post.status) && !scheduled)
          return refuse(409, "This post cannot go back to draft from here (unpublish a published post first).");
        set = { status: "draft", approvedById: null, approvedAt: null, publishedAt: null, unpublishedRedirect: null };
        message = "Back to draft.";
        where.push(inArray(t.blogPosts.status, ["in_review", "approved", "unpublished", "published"]));
        break;
      case "approved":
        if (post.status !== "in_review") return refuse(409, "Only a post in review can be approved.");
        set = { status: "approved", approvedById: actor.id, approvedAt: now };
        message = "Approved: it can now be published or scheduled.";
        where.push(eq(t.blogPosts.status, "in_review"));
        break;
      case "published": {
        const approved = post.status === "approved" || (post.status === "unpublished" && post.approvedAt !== null);
        if (!approved) return refuse(409, "Only a post a clinician approved can be published or scheduled.");
        const at = move.at && move.at > now ? move.at : now;
        set = { status: "published", publishedAt: at, unpublishedRedirect: null };
        message = at > now ? "Scheduled: it appears on the blog at its time." : "Published: it is on the blog now.";
        where.push(inArray(t.blogPosts.status, ["approved", "unpublished"]), isNotNull(t.blogPosts.approvedAt));
        break;
      }
      case "unscheduled":
        if (!scheduled) return refuse(409, "Only a scheduled post can be taken off the schedule.");
        set = { status: "approved", publishedAt: null };
        message = "Taken off the schedule: it stays approved.";
        where.push(eq(t.blogPosts.status, "published"), sql`${t.blogPosts.publishedAt} > ${now}`);
        break;
      case "unpublished":
        if (!live) return refuse(409, "Only a published post can be unpublished.");
        set = { status: "unpublished", unpublishedRedirect: redirectTo };
        message = redirectTo
          ? `Unpublished: its address now sends visitors to ${redirectTo}.`
          : "Unpublished: its address now answers that the post is gone (410).";
        where.push(eq(t.blogPosts.status, "published"), sql`${t.blogPosts.publishedAt} <= ${now}`);
        break;
    }

    const moved = await tx
      .update(t.blogPosts)
      .set({ ...set, version: sql`${t.blogPosts.version} + 1`, updatedAt: now })
      .where(and(eq(t.blogPosts.id, id), ...where))
      .returning({ status: t.blogPosts.status, publishedAt: t.blogPosts.publishedAt });
    if (moved.length === 0)
      return refuse(409, "This post was moved by someone else just now; reload to see where it is.");
    const after = moved[0]!;
    const to = after.status === "published" && after.publishedAt! > now ? "scheduled" : after.status;
    await audit(tx, actor, {
      action: "blog_post_status_changed",
      target: { type: "blog_post", id: String(id) },
      detail: {
        before: { status: from, publishedAt: post.publishedAt?.toISOString() ?? null },
        after: {
          status: to,
          publishedAt: after.publishedAt?.toISOString() ?? null,
          ...(move.to === "unpublished" ? { redirectTo } : {}),
        },
      },
    });
    // The public site changes now only when a post goes live or leaves it; a scheduled one bumps when it falls due.
    const publicChange = live || to === "published";
    return {
      ok: true,
      status: after.status,
      contentVersion: publicChange ? await bumpContentVersion(tx) : null,
      message,
    };
  });
}

/**
 * A clinician lets a draft past the errors its checks found now, with a
 * written reason (decision 0037): kept with the post and audited as
 * `draft_checks_overridden` in one transaction. The override names the
 * findings it covers; an error that appears later blocks review again.
 * Not a change of the words, so the version (autosave's) does not move.
 */
export async function overrideChecks(
  db: Db,
  actor: EditorActor,
  id: number,
  input: { reason: string; findingIds: string[] },
  now = new Date(),
): Promise<MoveResult> {
  return db.transaction(async (tx): Promise<MoveResult> => {
    const [post] = await tx.select().from(t.blogPosts).where(eq(t.blogPosts.id, id)).for("update");
    if (!post) return refuse(404, "This post no longer exists.");
    if (post.status !== "draft") return refuse(409, "Only a draft's checks can be overridden.");
    const findings = await checkPostDraft(tx, id, draftOf(post));
    if (actor.id === null) return refuse(403, "Only a clinician can let a draft past its checks.");
    const made = makeCheckOverride({ id: actor.id, roles: actor.roles }, id, input, findings, now);
    if (!made.ok) return refuse(made.status, made.message, made.fields);
    await tx.update(t.blogPosts).set({ checkOverride: made.override }).where(eq(t.blogPosts.id, id));
    await audit(tx, actor, {
      ...made.audit,
      detail: { ...made.audit.detail, before: post.checkOverride ?? null, after: made.override },
    });
    return {
      ok: true,
      status: post.status,
      contentVersion: null,
      message: "The checks' errors are overridden with your reason: the draft can go to review.",
    };
  });
}
