import { staffPath } from "./staff-area";

/** The blog's staff pages (decision 0035; the generator's page, /admin/blog/generate, sits under the list). */
export const BLOG_ADMIN_PATH = staffPath("blog");
export const BLOG_NEW_PATH = staffPath("blog/new");

/** A post's editor (numeric id). */
export const blogEditorPath = (id: number) => staffPath(`blog/${id}`);
/** The editor's preview: the Markdown rendered by the public post's own code (a resource route). */
export const BLOG_PREVIEW_PATH = staffPath("blog/preview");
/** The editor's autosave (a resource route answering JSON). */
export const BLOG_AUTOSAVE_PATH = staffPath("blog/autosave");
