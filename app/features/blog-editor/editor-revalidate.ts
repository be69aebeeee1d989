/** Autosaves and previews leave the editor's data alone: what is typed is newer than anything it would load. */
export function editorShouldRevalidate(formData: FormData | undefined, otherwise: boolean): boolean {
  const intent = formData?.get("intent");
  if (intent === "autosave" || intent === "preview") return false;
  return otherwise;
}
