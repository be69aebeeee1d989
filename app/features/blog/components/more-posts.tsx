import { Link } from "react-router";
import type { PostSummary } from "../posts.server";
import { PostFacts } from "./post-facts";

/** Other recent articles, after the one being read. */
export function MorePosts({ posts }: { posts: PostSummary[] }) {
  if (posts.length === 0) return null;
  return (
    <section aria-labelledby="more-posts-title" className="grid gap-4">
      <h2 id="more-posts-title" className="text-2xl font-bold text-primary-dark">
        More articles
      </h2>
      <ul className="grid gap-4 md:grid-cols-3">
        {posts.map((post) => (
          <li key={post.slug} className="grid content-start gap-2 rounded-card border border-line bg-surface p-5">
            <h3 className="text-lg font-semibold">
              <Link to={`/blog/${post.slug}`} className="text-primary-dark underline-offset-4 hover:underline">
                {post.title}
              </Link>
            </h3>
            <PostFacts post={{ ...post, author: null }} />
          </li>
        ))}
      </ul>
      <p>
        <Link
          to="/blog"
          className="inline-flex min-h-6 items-center font-semibold text-primary-dark underline underline-offset-4"
        >
          All articles
        </Link>
      </p>
    </section>
  );
}
