import { BreadcrumbNav } from "~/features/pages/components/breadcrumb-nav";
import { InnerPage } from "~/features/pages/components/inner-page";
import { PageBody } from "~/features/pages/components/page-body";
import type { SiteContent } from "~/features/content/site-content";
import type { BlogPostView } from "../blog.server";
import { postCrumbs } from "../blog-meta";
import { MorePosts } from "./more-posts";
import { NotMedicalAdvice } from "./not-medical-advice";
import { PostByline } from "./post-byline";

/** /blog/{slug}: the trail, the one h1, the byline, the body with its blocks, the note, more to read. */
export function BlogPostPage({ view, site, side }: { view: BlogPostView; site: SiteContent; side: string }) {
  return (
    <InnerPage sideHtml={side} as="div">
      <PostArticle view={view} site={site} />
      <MorePosts posts={view.more} />
    </InnerPage>
  );
}

/**
 * The article itself: what the public post shows, and (rendered on the
 * server by the same code) the editor's preview, so the two cannot differ.
 */
export function PostArticle({ view, site }: { view: Omit<BlogPostView, "more">; site: SiteContent }) {
  const { post } = view;
  return (
    <article className="grid gap-8">
      <header className="grid gap-4">
        <BreadcrumbNav crumbs={postCrumbs(view.blogTitle, post)} />
        <h1 className="max-w-3xl text-3xl font-bold text-primary-dark md:text-4xl">{post.title}</h1>
        <p className="max-w-3xl text-lg text-muted md:text-xl">{post.excerpt}</p>
        <PostByline post={post} />
      </header>
      {view.featuredImage ? <div dangerouslySetInnerHTML={{ __html: view.featuredImage.html }} /> : null}
      <PageBody body={view.body} site={site} />
      <NotMedicalAdvice />
    </article>
  );
}
