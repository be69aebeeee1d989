import type { MetaDescriptor } from "react-router";
import { breadcrumbJsonLd, type Crumb } from "~/features/pages/breadcrumbs";
import { clinicId } from "~/features/pages/structured-data";
import { DEFAULT_OG_IMAGE, pageMeta, type MetaRoot } from "~/features/seo/page-meta";
import { canonicalUrl } from "~/lib/canonical-url";
import type { BlogIndexView, BlogPostView } from "./blog.server";
import { blogPagePath, FEED_PATH } from "./pagination";
import { postDay } from "./post-dates";
import type { PostPerson, PostSummary } from "./posts.server";

const HOME: Crumb = { name: "Home", path: "/" };

export function indexCrumbs(blogTitle: string, page: number): Crumb[] {
  const blog = { name: blogTitle, path: "/blog" };
  return page <= 1 ? [HOME, blog] : [HOME, blog, { name: `Page ${page}`, path: blogPagePath(page) }];
}

export function postCrumbs(blogTitle: string, post: { title: string; slug: string }): Crumb[] {
  return [HOME, { name: blogTitle, path: "/blog" }, { name: post.title, path: `/blog/${post.slug}` }];
}

const absolute = (publicUrl: string, path: string) => canonicalUrl(publicUrl, path);

function personNode(person: PostPerson, publicUrl: string) {
  return {
    "@type": "Person",
    name: person.name,
    honorificSuffix: person.credentials,
    jobTitle: person.role,
    url: absolute(publicUrl, `/team/${person.slug}`),
  };
}

/** A post as schema.org sees it (in full on its page, as a summary in the list). */
function postingNode(post: PostSummary & { metaDescription?: string }, publicUrl: string) {
  const url = absolute(publicUrl, `/blog/${post.slug}`);
  return {
    "@type": "BlogPosting",
    "@id": `${url}#article`,
    headline: post.title.slice(0, 110),
    description: post.metaDescription ?? post.excerpt,
    url,
    datePublished: post.publishedAt,
    dateModified: post.updatedAt,
    author: post.author ? personNode(post.author, publicUrl) : { "@id": clinicId(publicUrl) },
  };
}

/** The list: the Blog, with the posts of this page (of the list) as BlogPosting summaries. */
export function blogJsonLd(view: BlogIndexView, publicUrl: string, description: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Blog",
    "@id": `${absolute(publicUrl, "/blog")}#blog`,
    name: view.words.title,
    description,
    url: absolute(publicUrl, "/blog"),
    inLanguage: "en-US",
    publisher: { "@id": clinicId(publicUrl) },
    blogPost: view.posts.map((post) => postingNode(post, publicUrl)),
  };
}

/**
 * A post: the BlogPosting itself, and the page that carries it — a
 * MedicalWebPage, because that is the schema.org type with `reviewedBy` and
 * `lastReviewed` (the clinician who checked the article).
 */
export function blogPostJsonLd(view: BlogPostView, publicUrl: string) {
  const { post } = view;
  const url = absolute(publicUrl, `/blog/${post.slug}`);
  const posting = {
    "@context": "https://schema.org",
    ...postingNode(post, publicUrl),
    mainEntityOfPage: url,
    image: new URL(DEFAULT_OG_IMAGE, `${publicUrl}/`).href,
    wordCount: view.wordCount,
    inLanguage: "en-US",
    publisher: { "@id": clinicId(publicUrl) },
    isPartOf: { "@id": `${absolute(publicUrl, "/blog")}#blog` },
  };
  const page = {
    "@context": "https://schema.org",
    "@type": "MedicalWebPage",
    "@id": url,
    url,
    name: post.title,
    description: post.metaDescription,
    inLanguage: "en-US",
    mainEntity: { "@id": `${url}#article` },
    isPartOf: { "@type": "WebSite", url: `${publicUrl}/` },
    publisher: { "@id": clinicId(publicUrl) },
    ...(post.reviewer
      ? { reviewedBy: personNode(post.reviewer, publicUrl), lastReviewed: postDay(post.updatedAt) }
      : {}),
  };
  return [posting, page];
}

/** The `<link rel="alternate">` that lets feed readers find the feed from any blog page. */
export function feedLink(publicUrl: string, clinicName: string): MetaDescriptor {
  return {
    tagName: "link",
    rel: "alternate",
    type: "application/rss+xml",
    title: `${clinicName} Blog`,
    href: absolute(publicUrl, FEED_PATH),
  };
}

export function blogIndexMeta(view: BlogIndexView, root: MetaRoot, pathname: string): MetaDescriptor[] {
  const { publicUrl, site } = root;
  const description = view.searchDescription;
  const path = blogPagePath(view.page);
  const tags = pageMeta(
    {
      title: view.searchTitle,
      description,
      canonicalPath: path,
      modifiedDate: view.posts[0]?.updatedAt ?? view.words.updatedAt ?? undefined,
      jsonLd: [
        blogJsonLd(view, publicUrl, description),
        breadcrumbJsonLd(indexCrumbs(view.words.title, view.page), publicUrl),
      ],
      pageDesignType: "blog",
    },
    root,
    pathname,
  );
  const neighbours: MetaDescriptor[] = [];
  if (view.page > 1)
    neighbours.push({ tagName: "link", rel: "prev", href: absolute(publicUrl, blogPagePath(view.page - 1)) });
  if (view.page < view.pageCount) {
    neighbours.push({ tagName: "link", rel: "next", href: absolute(publicUrl, blogPagePath(view.page + 1)) });
  }
  return [...tags, ...neighbours, feedLink(publicUrl, site.clinicName)];
}

export function blogPostMeta(view: BlogPostView, root: MetaRoot, pathname: string): MetaDescriptor[] {
  const { publicUrl, site } = root;
  const { post } = view;
  return [
    ...pageMeta(
      {
        title: post.metaTitle,
        description: post.metaDescription,
        canonicalPath: `/blog/${post.slug}`,
        canonical: view.canonical,
        socialImage: view.socialImage,
        type: "article",
        publishedDate: post.publishedAt,
        modifiedDate: post.updatedAt,
        author: post.author?.name,
        jsonLd: [...blogPostJsonLd(view, publicUrl), breadcrumbJsonLd(postCrumbs(view.blogTitle, post), publicUrl)],
        pageDesignType: "blog-post",
      },
      root,
      pathname,
    ),
    feedLink(publicUrl, site.clinicName),
  ];
}
