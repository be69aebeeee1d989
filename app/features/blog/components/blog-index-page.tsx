import { Rss } from "lucide-react";
import { BreadcrumbNav } from "~/features/pages/components/breadcrumb-nav";
import { InnerPage } from "~/features/pages/components/inner-page";
import { PageBody } from "~/features/pages/components/page-body";
import type { SiteContent } from "~/features/content/site-content";
import type { BlogIndexView } from "../blog.server";
import { indexCrumbs } from "../blog-meta";
import { FEED_PATH } from "../pagination";
import { PaginationNav } from "./pagination-nav";
import { PostList } from "./post-list";

/** /blog and /blog/page/{n}: the list's words, one page of posts, the pagination. */
export function BlogIndexPage({ view, site, side }: { view: BlogIndexView; site: SiteContent; side: string }) {
  const crumbs = indexCrumbs(view.words.title, view.page);
  return (
    <InnerPage sideHtml={side} as="div">
      <div className="grid gap-4">
        <BreadcrumbNav crumbs={crumbs} />
        <div className="grid max-w-3xl gap-3">
          <h1 className="text-3xl font-bold text-primary-dark md:text-4xl">{view.words.title}</h1>
          {view.words.lede ? <p className="text-lg text-muted md:text-xl">{view.words.lede}</p> : null}
        </div>
        <p className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted">
          {view.pageCount > 1 ? (
            <span>
              Page {view.page} of {view.pageCount}
            </span>
          ) : null}
          {/* A plain link: the feed is a file, not a page of the app. */}
          <a
            href={FEED_PATH}
            className="inline-flex min-h-6 items-center gap-1.5 font-semibold text-primary-dark underline underline-offset-4"
          >
            <Rss aria-hidden className="size-4" />
            RSS feed
          </a>
        </p>
      </div>
      {view.posts.length > 0 ? (
        <PostList posts={view.posts} />
      ) : (
        <p className="text-lg">Our first articles are on their way. Please check back soon.</p>
      )}
      {view.pageCount > 1 ? <PaginationNav page={view.page} pageCount={view.pageCount} /> : null}
      {view.body ? <PageBody body={view.body} site={site} /> : null}
    </InnerPage>
  );
}
