/**
 * The live parts a Markdown body may place with a line holding only
 * `{{name}}` (docs/content.md). Shared by the content check and the renderer.
 */
export const contentBlocks = [
  "crisis-help",
  "treatments",
  "therapies",
  "insurance",
  "team",
  "locations",
  "virtual-visit-link",
  "get-started",
] as const;
export type ContentBlock = (typeof contentBlocks)[number];

export function isContentBlock(name: string): name is ContentBlock {
  return (contentBlocks as readonly string[]).includes(name);
}
