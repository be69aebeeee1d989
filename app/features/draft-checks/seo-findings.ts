import { contentWords, keyphraseChecks, wordsOf } from "~/features/seo-text/keyphrase-checks";
import { META_LIMITS } from "~/lib/meta-limits";
import { DRAFT_THRESHOLDS } from "./check-thresholds";
import type { DraftText } from "./draft-text";
import type { Draft, Finding } from "./draft-types";
import { countOf } from "~/lib/plural";

/**
 * Search checks on a draft: the SEO page's keyphrase checks (the same
 * functions, so the two never disagree) and lengths (the site-wide limits of
 * app/lib/meta-limits.ts), plus what a post's body needs: enough words,
 * headings that break it up, links to the clinic's own pages. Warnings only.
 */

/** Keyphrase checks a post does not need here: its images are judged by their own alt text check. */
const SKIPPED = new Set(["images", "length"]);

const FIXES: Record<string, string> = {
  title: "Put the keyphrase in the meta title, ideally at the start.",
  description: "Use the keyphrase once in the meta description.",
  h1: "Use the keyphrase's words in the post's title.",
  slug: "Use the keyphrase's words in the address (slug). Change it before the post is published.",
  introduction: "Say what the post is about in its first paragraph, with the keyphrase.",
  density: "Use the keyphrase where it reads naturally; do not force it in.",
};

function isInternal(href: string, siteOrigin: string | undefined): boolean {
  if (href.startsWith("/") && !href.startsWith("//")) return true;
  if (!siteOrigin) return false;
  try {
    return new URL(href).origin === new URL(siteOrigin).origin;
  } catch {
    return false;
  }
}

export function seoFindings(draft: Draft, text: DraftText, siteOrigin?: string): Finding[] {
  const findings: Finding[] = [];
  const keyphrase = draft.focusKeyphrase?.trim() ?? "";

  if (!keyphrase) {
    findings.push({
      id: "seo-no-keyphrase",
      severity: "warning",
      title: "No focus keyphrase",
      explanation: "The search checks look for the words people type to find a post like this.",
      fix: "Add a focus keyphrase of one to four words, such as “adult ADHD evaluation”.",
      where: "Focus keyphrase",
    });
  } else {
    const checks = keyphraseChecks({
      keyphrase,
      title: draft.metaTitle || draft.title,
      description: draft.metaDescription,
      h1: [draft.title],
      path: `/blog/${draft.slug}`,
      firstParagraph: text.firstParagraph,
      imageAlts: text.imageAlts,
      text: text.text,
    });
    for (const check of checks) {
      if (check.status !== "problem" || SKIPPED.has(check.id)) continue;
      findings.push({
        id: `seo-${check.id}`,
        severity: "warning",
        title: check.label,
        explanation: check.message,
        fix: FIXES[check.id] ?? check.message,
      });
    }
    const wanted = contentWords(keyphrase);
    const subheadings = text.headings.filter((h) => h.level >= 2);
    if (subheadings.length > 0 && !subheadings.some((h) => wanted.every((w) => wordsOf(h.text).includes(w)))) {
      findings.push({
        id: "seo-subheading",
        severity: "warning",
        title: "Keyphrase in a subheading",
        explanation: "None of the post's subheadings use the keyphrase's words.",
        fix: "Use the keyphrase, or its main words, in one subheading where it fits.",
      });
    }
  }

  const bodyWords = wordsOf(text.paragraphs.join(" ")).length;
  if (bodyWords < DRAFT_THRESHOLDS.minBodyWords) {
    findings.push({
      id: "seo-length",
      severity: "warning",
      title: "The post is short",
      explanation: `It has ${countOf(bodyWords, "word", "words")}. Posts under ${DRAFT_THRESHOLDS.minBodyWords} words rarely answer a reader's question well enough to be found.`,
      fix: `Add what a reader would want to know next, to reach ${DRAFT_THRESHOLDS.minBodyWords} words or more.`,
    });
  }

  const bodyH1 = text.headings.filter((h) => h.level === 1);
  if (bodyH1.length > 0) {
    findings.push({
      id: "seo-h1-in-body",
      severity: "warning",
      title: "A main heading (#) in the body",
      explanation: "The post's title is its main heading; a second one confuses search engines and screen readers.",
      fix: "Make it a subheading: start the line with ## instead of #.",
      where: `“${bodyH1[0].text}”`,
    });
  }
  const skipped = text.headings.find((h, i) => i > 0 && h.level > text.headings[i - 1].level + 1);
  if (skipped) {
    findings.push({
      id: "seo-heading-levels",
      severity: "warning",
      title: "A heading level is skipped",
      explanation: "Headings are the post's outline; jumping from ## to #### leaves a gap screen-reader users notice.",
      fix: "Use ## for sections and ### for parts within a section.",
      where: `“${skipped.text}”`,
    });
  }
  if (bodyWords > DRAFT_THRESHOLDS.maxSectionWords && text.headings.filter((h) => h.level >= 2).length === 0) {
    findings.push({
      id: "seo-headings",
      severity: "warning",
      title: "No subheadings",
      explanation: "Readers scan a long post by its headings, and search engines read them as its outline.",
      fix: "Break the post into sections with ## subheadings, each a few paragraphs long.",
    });
  } else {
    const longest = Math.max(...text.sectionWords);
    if (longest > DRAFT_THRESHOLDS.maxSectionWords) {
      findings.push({
        id: "seo-section-length",
        severity: "warning",
        title: "A long stretch without a heading",
        explanation: `One section runs ${longest} words without a heading.`,
        fix: `Add a subheading at least every ${DRAFT_THRESHOLDS.maxSectionWords} words.`,
      });
    }
  }

  if (!text.links.some((link) => isInternal(link.href, siteOrigin))) {
    findings.push({
      id: "seo-internal-links",
      severity: "warning",
      title: "No link to the clinic's own pages",
      explanation:
        "Links to the services and pages a post talks about help readers take the next step, and help search engines.",
      fix: "Link to a related page, such as a service (“[ADHD evaluation](/adhd-evaluation)”) or how to request an appointment.",
    });
  }

  const metaTitle = draft.metaTitle.trim();
  if (!metaTitle || metaTitle.length > META_LIMITS.titleMax) {
    findings.push({
      id: "seo-meta-title",
      severity: "warning",
      title: metaTitle ? "The meta title is too long" : "No meta title",
      explanation: metaTitle
        ? `It has ${metaTitle.length} characters; Google cuts titles after about ${META_LIMITS.titleMax}.`
        : "Search results show the meta title as the post's link.",
      fix: `Write a meta title of ${META_LIMITS.titleMax} characters or fewer.`,
      where: "Meta title",
    });
  }
  const description = draft.metaDescription.trim();
  if (description.length < META_LIMITS.descriptionMin || description.length > META_LIMITS.descriptionMax) {
    findings.push({
      id: "seo-meta-description",
      severity: "warning",
      title: !description
        ? "No meta description"
        : description.length < META_LIMITS.descriptionMin
          ? "The meta description is short"
          : "The meta description is too long",
      explanation: `It has ${description.length} characters. Search results show about ${META_LIMITS.descriptionMax}; under ${META_LIMITS.descriptionMin} wastes the space.`,
      fix: `Write ${META_LIMITS.descriptionMin}–${META_LIMITS.descriptionMax} characters that say what the reader will learn.`,
      where: "Meta description",
    });
  }
  return findings;
}
