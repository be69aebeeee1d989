import type { FormAnswer } from "~/lib/form-answer";

/**
 * The content lists staff edit one item at a time (issue 19): the FAQ,
 * testimonials, insurance providers and conditions. Each is described here
 * once: its fields and their limits, which the one list page, the one
 * editor form and the one server check all read (content-lists*.ts). No
 * React and no server code here: the editor's page reads it.
 */

export type ListFieldKind = "text" | "textarea" | "markdown" | "slug" | "rating" | "checkbox" | "image" | "choice";

export interface ListField {
  name: string;
  label: string;
  kind: ListFieldKind;
  /** Lengths for words; ignored by the other kinds. */
  min?: number;
  max?: number;
  /** May be left empty. */
  optional?: boolean;
  /** Left empty, it is stored as "" (a page's words, whose columns are never null), not null. */
  emptyIsText?: boolean;
  /** A line under the label: what to type, where it shows. */
  hint?: string;
}

export interface ListSpec {
  /** The list's key in the address (/admin/content/faq) and in ORDERED_LISTS. */
  key: ContentListKey;
  /** "FAQ" — the page's title. */
  title: string;
  /** "question" — one item, in sentences ("Add a question"). */
  noun: string;
  /** Where visitors see it, said on the list page. */
  shownOn: string;
  /** A note the list page and the editor show above the fields, if any. */
  note?: string;
  /** The field whose words name an item. */
  titleField: string;
  fields: ListField[];
  /** Not reordered here (the pages: their order is only the sitemap's): no Move buttons. */
  unordered?: true;
  /**
   * Items can be unpublished and published again (the pages): an unpublished one answers 404 to
   * visitors and stays editable and previewable by staff. The site's own pages (FIXED_PAGE_SLUGS)
   * stay published, and are never deleted.
   */
  publishable?: true;
}

export const CONTENT_LIST_KEYS = ["faq", "testimonial", "insurer", "condition", "treatment", "pages"] as const;
export type ContentListKey = (typeof CONTENT_LIST_KEYS)[number];
export const isContentList = (key: string): key is ContentListKey =>
  (CONTENT_LIST_KEYS as readonly string[]).includes(key);

/** A page's opening sentence (treatments and pages). */
const LEDE_FIELD: ListField = {
  name: "lede",
  emptyIsText: true,
  label: "Opening sentence",
  kind: "textarea",
  max: 300,
  optional: true,
  hint: "Shown under the page's heading.",
};

const SLUG_HINT = "Its page's address: lower-case words joined by hyphens, such as florida-blue.";

export const LIST_SPECS: Record<ContentListKey, ListSpec> = {
  faq: {
    key: "faq",
    title: "FAQ",
    noun: "question",
    shownOn: "the home page's questions and answers",
    titleField: "question",
    fields: [
      { name: "question", label: "Question", kind: "text", min: 10, max: 160, hint: "As a visitor would ask it." },
      {
        name: "answer",
        label: "Answer",
        kind: "textarea",
        min: 20,
        max: 1000,
        hint: "Plain, warm and clinically careful. No promises of outcomes.",
      },
    ],
  },
  testimonial: {
    key: "testimonial",
    title: "Testimonials",
    noun: "testimonial",
    shownOn: "the home page's testimonials (only the published ones)",
    note: "Testimonials are shared with the patient's written permission. Keep the file of that permission, use initials only, and never add details that could identify someone.",
    titleField: "author",
    fields: [
      { name: "quote", label: "Quote", kind: "textarea", min: 20, max: 500 },
      { name: "author", label: "Shared by", kind: "text", min: 2, max: 40, hint: "Initials only, such as J. M." },
      {
        name: "context",
        label: "Context",
        kind: "text",
        max: 80,
        optional: true,
        hint: "Such as: Therapy patient, Winter Park.",
      },
      { name: "rating", label: "Rating (1 to 5 stars)", kind: "rating" },
      { name: "published", label: "Show on the website", kind: "checkbox" },
    ],
  },
  insurer: {
    key: "insurer",
    title: "Insurance providers",
    noun: "insurance provider",
    shownOn: "the home page's insurance logos and each provider's own page",
    titleField: "name",
    fields: [
      { name: "name", label: "Name", kind: "text", min: 2, max: 60 },
      { name: "slug", label: "Page address", kind: "slug", min: 2, max: 60, hint: SLUG_HINT },
      { name: "logo", label: "Logo", kind: "image", optional: true },
    ],
  },
  condition: {
    key: "condition",
    title: "Conditions",
    noun: "condition",
    shownOn: "the home page's conditions we treat",
    titleField: "name",
    fields: [
      { name: "name", label: "Name", kind: "text", min: 2, max: 60 },
      {
        name: "slug",
        label: "Short name",
        kind: "slug",
        min: 2,
        max: 60,
        hint: "Lower-case words joined by hyphens, such as panic-disorder.",
      },
      { name: "summary", label: "Summary", kind: "textarea", min: 20, max: 400 },
      {
        name: "treatmentSlug",
        label: "Related treatment",
        kind: "choice",
        optional: true,
        hint: "The treatment the condition's card links to.",
      },
    ],
  },
  treatment: {
    key: "treatment",
    title: "Treatments and services",
    noun: "treatment",
    shownOn: "the home page's services and each treatment's own page",
    titleField: "title",
    fields: [
      { name: "title", label: "Title", kind: "text", min: 2, max: 60 },
      {
        name: "slug",
        label: "Page address",
        kind: "slug",
        min: 2,
        max: 60,
        hint: "Lower-case words joined by hyphens, such as couples-counseling.",
      },
      {
        name: "shortDescription",
        label: "Short description",
        kind: "textarea",
        min: 20,
        max: 200,
        hint: "The card on the home page: one or two sentences.",
      },
      { name: "icon", label: "Icon", kind: "choice", optional: true, hint: "The card's icon." },
      {
        name: "featured",
        label: "Featured on the home page",
        kind: "checkbox",
        hint: "Shown in the home page's services, in this list's order. While none is featured, the home page shows them all.",
      },
      {
        name: "metaTitle",
        emptyIsText: true,
        label: "Search title",
        kind: "text",
        min: 10,
        max: 70,
        optional: true,
        hint: "What search results show as the page's title.",
      },
      {
        name: "metaDescription",
        emptyIsText: true,
        label: "Search description",
        kind: "text",
        min: 50,
        max: 170,
        optional: true,
        hint: "What search results show under the title.",
      },
      LEDE_FIELD,
      {
        name: "body",
        emptyIsText: true,
        label: "Page content (Markdown)",
        kind: "markdown",
        min: 200,
        max: 20000,
        optional: true,
        hint: "The long description: ## for headings, a blank line between paragraphs.",
      },
    ],
  },
  pages: {
    key: "pages",
    title: "Pages",
    noun: "page",
    shownOn:
      "their own addresses (the services, team and insurance pages, the therapy topics, the policies, and pages the clinic adds)",
    note: "The site's own pages (the ones its navigation and links are built on) keep their addresses and stay published. A page you add can be unpublished, published again or deleted.",
    titleField: "title",
    unordered: true,
    publishable: true,
    fields: [
      { name: "title", label: "Title", kind: "text", min: 2, max: 80, hint: "The page's heading." },
      {
        name: "slug",
        label: "Page address",
        kind: "slug",
        min: 2,
        max: 60,
        hint: "Lower-case words joined by hyphens, such as new-patients. A changed address leaves a redirect from the old one.",
      },
      {
        name: "metaTitle",
        emptyIsText: true,
        label: "Search title",
        kind: "text",
        min: 10,
        max: 60,
        optional: true,
        hint: "What search results show as the page's title; left empty, the title.",
      },
      {
        name: "metaDescription",
        label: "Search description",
        kind: "text",
        min: 120,
        max: 156,
        hint: "What search results show under the title: 120 to 156 characters.",
      },
      LEDE_FIELD,
      {
        name: "body",
        label: "Page content (Markdown)",
        kind: "markdown",
        min: 50,
        max: 20000,
        hint: "## for headings, a blank line between paragraphs, [words](/address) for links; a line such as {{team}} places a live list.",
      },
    ],
  },
};

export const SAVE_ITEM_INTENT = "save-item";
export const DELETE_ITEM_INTENT = "delete-item";
export const PREVIEW_ITEM_INTENT = "preview-item";
/** Undo of the addition or deletion just confirmed (the audit entry's id in `entry`). */
export const UNDO_ITEM_INTENT = "undo-item";
/** A page taken off the website (404 to visitors), and put back (LIST_SPECS' publishable). */
export const UNPUBLISH_ITEM_INTENT = "unpublish-item";
export const REPUBLISH_ITEM_INTENT = "republish-item";

/** One item as the list page shows it. */
export interface ListRowView {
  id: number;
  title: string;
  /** A few words under the title (the start of an answer, "Not shown"). */
  summary: string;
}

export interface ListPageData {
  spec: ListSpec;
  rows: ListRowView[];
  /** Arrived here after deleting an item (the editor's delete goes back to the list): its audit entry, for Undo. */
  deleted?: { entry: number | null };
  /** Arrived here after undoing an addition from its editor. */
  undone?: { entry: number | null };
}

/** An editor's choices for a "choice" field, by field name. */
export type FieldChoices = Record<string, { value: string; label: string }[]>;

export interface ItemPageData {
  spec: ListSpec;
  /** null: a new item. */
  id: number | null;
  values: Record<string, string>;
  /** An image field's current image, to show (its path). */
  images: Record<string, string | null>;
  choices: FieldChoices;
  /** A field's line for this item instead of its hint (a page whose address stays). */
  fieldNotes?: Record<string, string>;
  /** Arrived here just after adding the item: its audit entry, for Undo. */
  added?: { entry: number | null };
  /** A publishable list's item: whether visitors see it, and whether it must stay published (a fixed page). */
  publishing?: { published: boolean; fixed: boolean };
  /** Whether the item can be deleted here (not a fixed page). */
  deletable: boolean;
}

export type ItemAnswer = FormAnswer<string> & {
  intent: string;
  /** Places that link to the item, when a delete was refused. */
  linkedFrom?: { label: string; href: string }[];
  /** The item as its public page shows it, from the typed values (nothing saved): HTML made on the server. */
  preview?: string;
  /** The audit entry of an unpublishing or a republishing just done, for the confirmation's Undo. */
  entry?: number;
};

/** Addresses of the lists' pages. */
export const listPath = (base: string, key: ContentListKey) => `${base}/${key}`;
export const itemPath = (base: string, key: ContentListKey, id: number | "new") => `${base}/${key}/${id}`;

/**
 * Pages whose address stays (decision 0045): the spec's route table names them
 * (§2: /insurance, /therapy, /team, /services, the info and therapy-topic
 * pages), the /blog route reads its page by that address, and the frame's
 * header and footer link to them (nav-links.ts: the policies too). A 301 would
 * keep old links working, but the spec's addresses would then answer with a
 * redirect and every page's navigation would link through one.
 */
export const FIXED_PAGE_SLUGS: ReadonlySet<string> = new Set([
  "insurance",
  "therapy",
  "team",
  "services",
  "virtual-visit",
  "new-patients",
  "pricing",
  "affordable-care",
  "stress-management",
  "psychotherapist-orlando",
  "emdr-therapy",
  "virtual-therapy",
  "crisis-therapy",
  "depression-counseling",
  "anxiety-therapy",
  "blog",
  "locations",
  "privacy",
  "accessibility",
  "terms",
  "non-discrimination",
]);

/** A page the site's navigation and links are built on: its address stays, it stays published, it is never deleted. */
export const isFixedPage = (key: ContentListKey, slug: unknown) =>
  key === "pages" && typeof slug === "string" && FIXED_PAGE_SLUGS.has(slug);

/** Why a fixed page stays published, in its editor and in a refusal. */
export const FIXED_PAGE_PUBLISHED_NOTE =
  "This page always stays published: the site's navigation and links are built on it.";

/** Why a page's address stays, under its field and in the refusal. */
export const fixedAddressNote = (slug: string) =>
  `This page's address stays /${slug}: the site's navigation and links are built on it. Change its words instead.`;

/** First segments of the site's own routes (app/routes.ts): a page at /{slug} there would never be reached. */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  "admin",
  "api",
  "auth",
  "blog",
  "team",
  "locations",
  "media",
  "newsletter",
  "thank-you",
  "request-appointment",
  "get-started",
  "robots-txt",
  "sitemap-xml",
  // Answered before React Router (server/app.ts) and the built files' folder.
  "healthz",
  "readyz",
  "assets",
]);
