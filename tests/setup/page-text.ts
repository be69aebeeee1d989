import { decodeEntities, withoutScripts } from "./html";

/** A page's words as a person reads them (tags dropped, entities decoded, spaces collapsed). */
export const textOf = (html: string) =>
  decodeEntities(
    withoutScripts(html)
      .replace(/<!--[\s\S]*?-->/g, "")
      .replace(/<[^>]+>/g, " "),
  )
    .replace(/\s+/g, " ")
    .trim();
