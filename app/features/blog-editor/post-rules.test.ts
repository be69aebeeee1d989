import { describe, expect, it } from "vitest";
import { parseTags, postFormSchema, slugify } from "./post-rules";

describe("slugify", () => {
  it.each([
    ["Anxiety & Sleep: 5 Tips", "anxiety-sleep-5-tips"],
    ["Sleep, worry and the 3 a.m. mind", "sleep-worry-and-the-3-a-m-mind"],
    ["Café con leche — señor's guide", "cafe-con-leche-senors-guide"],
    ['<script>alert("x")</script>', "script-alert-x-script"],
    ["../../etc/passwd", "etc-passwd"],
    ["   ", ""],
  ])("%s → %s", (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it("keeps to 120 characters without a trailing hyphen", () => {
    const slug = slugify("word ".repeat(60));
    expect(slug.length).toBeLessThanOrEqual(120);
    expect(slug.endsWith("-")).toBe(false);
  });
});

describe("the editor's form", () => {
  const base = {
    title: "A title",
    slug: "",
    excerpt: "",
    body: "",
    tags: "",
    authorSlug: "",
    reviewerSlug: "",
    metaTitle: "",
    metaDescription: "",
    canonical: "",
  };

  it("reads tags as typed: trimmed, de-duplicated without regard to case", () => {
    expect(parseTags(" Anxiety, sleep ,anxiety,, Teens ")).toEqual(["Anxiety", "sleep", "Teens"]);
  });

  it("names the field of each problem", () => {
    const result = postFormSchema.safeParse({
      ...base,
      title: " ",
      slug: "Not A Slug",
      canonical: "javascript:alert(1)",
      tags: Array.from({ length: 13 }, (_, i) => `t${i}`).join(","),
    });
    expect(result.success).toBe(false);
    const fields = Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], issue.message]));
    expect(fields).toEqual({
      title: "Give the post a title.",
      slug: "Use lower-case letters, digits and single hyphens only.",
      canonical: "Leave empty, or give a path such as /blog/other-post or a full https:// address.",
      tags: "At most 12 tags.",
    });
  });

  it("takes a path or an https address as canonical", () => {
    expect(postFormSchema.safeParse({ ...base, canonical: "/blog/other" }).success).toBe(true);
    expect(postFormSchema.safeParse({ ...base, canonical: "https://example.org/a" }).success).toBe(true);
    expect(postFormSchema.safeParse({ ...base, canonical: "//evil.example/a" }).success).toBe(false);
  });
});
