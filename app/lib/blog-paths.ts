import { staffPath } from "./staff-area";

/** The staff blog's addresses (issue 18; decisions 0035 and 0036). */
export const BLOG_ADMIN_PATH = staffPath("blog");
export const BLOG_NEW_PATH = staffPath("blog/new");
/** The draft generator's page, and its streamed answer (POST, text/event-stream). */
export const BLOG_GENERATOR_PATH = staffPath("blog/generate");
export const BLOG_GENERATOR_STREAM_PATH = staffPath("blog/generate/stream");
/** The editor's preview: the Markdown rendered by the public post's own code (a resource route). */
export const BLOG_PREVIEW_PATH = staffPath("blog/preview");
/** The editor's autosave (a resource route answering JSON). */
export const BLOG_AUTOSAVE_PATH = staffPath("blog/autosave");

/** A post in the editor (numeric id). */
export function blogEditorPath(id: number): string {
  return staffPath(`blog/${id}`);
}
