import { BadgeCheck, CalendarDays, Clock } from "lucide-react";
import { Link } from "react-router";
import type { PostDetail, PostPerson } from "../posts.server";
import { formatPostDate, updatedLater } from "../post-dates";

function PersonLink({ person }: { person: PostPerson }) {
  return (
    <Link to={`/team/${person.slug}`} className="font-semibold text-primary-dark underline underline-offset-4">
      {person.name}, {person.credentials}
    </Link>
  );
}

/** Who wrote the post, which clinician reviewed it, when, and how long it takes to read. */
export function PostByline({ post }: { post: Omit<PostDetail, "body"> }) {
  const updated = updatedLater(post.publishedAt, post.updatedAt);
  return (
    <div className="grid gap-2 text-base text-muted">
      {post.author ? (
        <p>
          By <PersonLink person={post.author} />
          <span className="text-sm">, {post.author.role}</span>
        </p>
      ) : null}
      {post.reviewer ? (
        <p className="flex flex-wrap items-center gap-x-1.5">
          <BadgeCheck aria-hidden className="size-5 shrink-0 text-primary" />
          <span>
            Medically reviewed by <PersonLink person={post.reviewer} />
          </span>
        </p>
      ) : null}
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className="inline-flex items-center gap-1.5">
          <CalendarDays aria-hidden className="size-4 shrink-0 text-primary" />
          <span>
            Published <time dateTime={post.publishedAt}>{formatPostDate(post.publishedAt)}</time>
          </span>
        </span>
        {updated ? (
          <span>
            Updated <time dateTime={post.updatedAt}>{formatPostDate(post.updatedAt)}</time>
          </span>
        ) : null}
        <span className="inline-flex items-center gap-1.5">
          <Clock aria-hidden className="size-4 shrink-0 text-primary" />
          {post.readingMinutes} min read
        </span>
      </p>
    </div>
  );
}
