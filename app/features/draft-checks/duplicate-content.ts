import { wordsOf } from "~/features/seo-text/keyphrase-checks";
import { DRAFT_THRESHOLDS } from "./check-thresholds";
import type { Finding, OtherPost } from "./draft-types";

/**
 * How close a draft is to the clinic's other posts: each text as the set of
 * its five-word phrases (word shingles), compared by Jaccard similarity
 * (shared phrases over all phrases) and by containment (the share of the
 * draft's phrases found in the other post). Containment decides: a short
 * draft copied from part of a long post shares little of the whole (low
 * Jaccard) but is all copy. Exact sets, no MinHash: a clinic has tens of
 * posts; each one's set is kept by its body, so the checks on each autosave
 * hash only the draft.
 */

export interface Closeness {
  post: OtherPost;
  jaccard: number;
  containment: number;
}

/**
 * The FNV-1a hash of each run of `size` words, cut to 30 bits so V8 keeps it
 * a small integer (a Set of larger numbers is several times slower); a
 * string per shingle would allocate far more.
 */
export function shingles(text: string, size: number = DRAFT_THRESHOLDS.shingleWords): Set<number> {
  const words = wordsOf(text);
  const set = new Set<number>();
  for (let i = 0; i + size <= words.length; i++) {
    let hash = 0x811c9dc5;
    for (let j = i; j < i + size; j++) {
      const word = words[j];
      for (let k = 0; k < word.length; k++) {
        hash ^= word.charCodeAt(k);
        hash = Math.imul(hash, 0x01000193);
      }
      hash ^= 32;
      hash = Math.imul(hash, 0x01000193);
    }
    set.add(hash & 0x3fffffff);
  }
  return set;
}

// Other posts' phrases, by body: the editor checks on each autosave against the same posts.
const CACHE_MAX = 500;
const postShingles = new Map<string, Set<number>>();

function shinglesOfPost(body: string): Set<number> {
  let set = postShingles.get(body);
  if (set) {
    // Most recently used last, so the oldest is dropped first.
    postShingles.delete(body);
  } else {
    // Only the words matter: a link's address and Markdown's marks are dropped, the rest is what wordsOf skips.
    set = shingles(body.replace(/\]\([^)]*\)/g, "]").replace(/^\s*\{\{[\w-]+\}\}\s*$/gm, ""));
    if (postShingles.size >= CACHE_MAX) postShingles.delete(postShingles.keys().next().value!);
  }
  postShingles.set(body, set);
  return set;
}

/** The other post whose text is closest to the draft's (by containment), or null when there is none to compare. */
export function closestPost(draftText: string, others: readonly OtherPost[]): Closeness | null {
  const mine = shingles(draftText);
  if (mine.size < DRAFT_THRESHOLDS.minShingles) return null;
  let best: Closeness | null = null;
  for (const post of others) {
    const theirs = shinglesOfPost(post.body);
    if (theirs.size === 0) continue;
    let shared = 0;
    for (const s of mine) if (theirs.has(s)) shared += 1;
    const containment = shared / mine.size;
    const jaccard = shared / (mine.size + theirs.size - shared);
    if (!best || containment > best.containment) best = { post, jaccard, containment };
  }
  return best;
}

const percent = (share: number) => `${Math.round(share * 100)} %`;

export function duplicateFindings(draftText: string, others: readonly OtherPost[]): Finding[] {
  const closest = closestPost(draftText, others);
  if (!closest || closest.containment < DRAFT_THRESHOLDS.duplicateWarning) return [];
  const error = closest.containment >= DRAFT_THRESHOLDS.duplicateError;
  return [
    {
      id: "duplicate-content",
      severity: error ? "error" : "warning",
      title: error ? "Much of this post repeats another one" : "Passages repeat another post",
      explanation: `${percent(closest.containment)} of this draft's phrases are also in “${closest.post.title}” (/blog/${closest.post.slug}); the two posts are ${percent(closest.jaccard)} alike overall. Search engines show one of two similar pages and may drop the other.`,
      fix: error
        ? "Write this post from a new angle, or update the existing post instead and link to it."
        : "Rewrite the repeated passages in new words, or link to the other post for them.",
      where: `“${closest.post.title}”`,
    },
  ];
}
