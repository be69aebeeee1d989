import { Link } from "react-router";
import { Static } from "~/document/static";
import type { PostSummary } from "../posts.server";
import { PostFacts } from "./post-facts";

/** A page of the blog: each post as a card with its title (the link), excerpt and facts. */
export function PostList({ posts }: { posts: PostSummary[] }) {
  return (
    <Static className="contents">
      <ol aria-label="Articles" className="grid gap-5">
        {posts.map((post) => (
          <li key={post.slug}>
            <article className="grid gap-3 rounded-card border border-line bg-surface p-5 shadow-card md:p-6">
              {post.imageHtml ? <div dangerouslySetInnerHTML={{ __html: post.imageHtml }} /> : null}
              <h2 className="text-xl font-bold md:text-2xl">
                <Link
                  to={`/blog/${post.slug}`}
                  className="text-primary-dark underline decoration-primary/40 underline-offset-4 hover:decoration-primary-dark"
                >
                  {post.title}
                </Link>
              </h2>
              <p className="max-w-prose text-base leading-relaxed">{post.excerpt}</p>
              <PostFacts post={post} />
            </article>
          </li>
        ))}
      </ol>
    </Static>
  );
}
