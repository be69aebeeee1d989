import type { PostSummary } from "../posts.server";
import { formatPostDate } from "../post-dates";

/** Date, author and reading time of a post in a list. */
export function PostFacts({ post }: { post: PostSummary }) {
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted">
      <time dateTime={post.publishedAt}>{formatPostDate(post.publishedAt)}</time>
      {post.author ? (
        <>
          <span aria-hidden>·</span>
          <span>
            By {post.author.name}, {post.author.credentials}
          </span>
        </>
      ) : null}
      <span aria-hidden>·</span>
      <span>{post.readingMinutes} min read</span>
    </p>
  );
}
