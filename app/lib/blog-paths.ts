import { staffPath } from "./staff-area";

/** The staff blog's addresses (issue 18): the list and editor are the blog editor's, the generator its own. */
export const BLOG_PATH = staffPath("blog");
export const BLOG_GENERATOR_PATH = staffPath("blog/generate");
/** The generator's streamed answer (POST, text/event-stream). */
export const BLOG_GENERATOR_STREAM_PATH = staffPath("blog/generate/stream");

/** A post in the editor. */
export function blogEditorPath(id: number): string {
  return staffPath(`blog/${id}`);
}
