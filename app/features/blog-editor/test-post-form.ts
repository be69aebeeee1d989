import { postFormSchema } from "./post-rules";

/** The editor's form for the blog editor's tests: a complete post with a reviewer, each field overridable. */
export const testPostForm = (over: Record<string, string> = {}) =>
  postFormSchema.parse({
    title: "Test: sleep and worry",
    slug: "",
    excerpt: "Why worry keeps us up, and what helps.",
    body: "## Why it happens\n\nWorry and sleep feed each other.",
    tags: "sleep, anxiety",
    authorSlug: "maya-ellison",
    reviewerSlug: "jordan-whitfield",
    metaTitle: "",
    metaDescription: "",
    canonical: "",
    ...over,
  });
