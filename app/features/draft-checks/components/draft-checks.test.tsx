import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { checkDraft } from "../check-draft.server";
import { DraftChecks } from "./draft-checks";

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("the checks beside the editor", () => {
  it("lists errors then suggestions under headings, each saying in words how serious it is and what to change", () => {
    const findings = checkDraft({
      title: "After a suicide attempt",
      slug: "after-a-suicide-attempt",
      metaTitle: "After a Suicide Attempt | Cypress Lane",
      metaDescription: "",
      body: "Her brother committed suicide last year. Our therapy will cure your grief.",
    });
    const html = renderToStaticMarkup(<DraftChecks findings={findings} headingLevel={2} />);
    expect(html).toMatch(/<h2[^>]*>Checks on this draft<\/h2>/);
    expect(html).toMatch(/<h3[^>]*>Must change before review \(2\)<\/h3>[\s\S]*<h3[^>]*>Worth a look \(\d+\)<\/h3>/);
    // Each list is named by its heading; severity is a word, not only a colour.
    expect(html).toMatch(/<ul aria-labelledby="[^"]+-error"/);
    const words = text(html);
    expect(words).toContain("Must change: Crisis help is missing (988 and 911)");
    expect(words).toContain("Must change: Wording to change: “commit suicide”");
    expect(words).toContain("Where: “Her brother committed suicide last year.”");
    expect(words).toContain("What to change: Say “died by suicide”");
    expect(words).toContain("Suggestion: A result is promised");
    expect(words).toContain("2 to change before review");
  });

  it("says so when nothing needs changing", () => {
    const words = text(renderToStaticMarkup(<DraftChecks findings={[]} />));
    expect(words).toContain("Everything checked looks good.");
    expect(words).not.toContain("Must change");
  });
});
