import { describe, expect, it } from "vitest";
import { formFieldsOf } from "./settings-rules";
import { settingsFormSchema } from "./settings-schema.server";

const parse = (values: Record<string, string>) => settingsFormSchema.safeParse(formFieldsOf(values));
const saved = (values: Record<string, string>) => {
  const result = parse(values);
  if (!result.success) throw new Error(JSON.stringify(result.error.issues));
  return result.data;
};
const problem = (values: Record<string, string>, field: string) => {
  const result = parse(values);
  return result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === field)?.message;
};

describe("what a page's settings may be", () => {
  it("keeps empty fields as the page's own (null), and squashes spaces and line breaks", () => {
    expect(saved({})).toEqual({
      title: null,
      description: null,
      focusKeyphrase: null,
      canonical: null,
      noindex: false,
      socialImage: null,
      socialTitle: null,
      socialDescription: null,
    });
    expect(saved({ title: "  ADHD   care\n in Winter Park ", noindex: "on" })).toMatchObject({
      title: "ADHD care in Winter Park",
      noindex: true,
    });
  });

  it("takes a canonical path of ours (normalised) or an http(s) address, and nothing else", () => {
    expect(saved({ canonical: "/Services//" }).canonical).toBe("/services");
    expect(saved({ canonical: "https://clinic.example/adhd?x=1" }).canonical).toBe("https://clinic.example/adhd?x=1");
    for (const bad of [
      "javascript:alert(1)",
      "//evil.example/x",
      "ftp://files.example/x",
      "services",
      "https://u:p@x.example/",
    ])
      expect(problem({ canonical: bad }, "canonical")).toMatch(/Enter a path of this site/);
    expect(problem({ canonical: "/admin/leads" }, "canonical")).toMatch(/staff page/);
    expect(problem({ canonical: "/api/leads" }, "canonical")).toMatch(/API/);
  });

  it("takes a social image path of ours (its case kept) or an https address", () => {
    expect(saved({ socialImage: "/images/Card One.png" }).socialImage).toBe("/images/Card%20One.png");
    expect(saved({ socialImage: "https://cdn.example/card.png" }).socialImage).toBe("https://cdn.example/card.png");
    for (const bad of [
      "http://cdn.example/card.png",
      "//cdn.example/card.png",
      "data:image/png;base64,AAAA",
      "card.png",
    ])
      expect(problem({ socialImage: bad }, "socialImage")).toMatch(/Enter the path of an image/);
  });

  it("wants lengths that fit a result and a card, and a keyphrase of a few words", () => {
    expect(problem({ title: "x".repeat(9) }, "title")).toBe(
      "Keep the title between 10 and 70 characters (it has 9). Google shows about 60.",
    );
    expect(problem({ title: "x".repeat(71) }, "title")).toMatch(/it has 71/);
    expect(problem({ description: "x".repeat(49) }, "description")).toMatch(/between 50 and 200/);
    expect(problem({ socialTitle: "x".repeat(91) }, "socialTitle")).toMatch(/between 10 and 90/);
    expect(problem({ socialDescription: "short" }, "socialDescription")).toMatch(/between 20 and 200/);
    expect(problem({ focusKeyphrase: "a b c d e f g h i" }, "focusKeyphrase")).toMatch(/8 at most/);
    expect(problem({ focusKeyphrase: "!!!" }, "focusKeyphrase")).toMatch(/Enter the words people type/);
    expect(saved({ focusKeyphrase: "ADHD evaluation Winter Park" }).focusKeyphrase).toBe("ADHD evaluation Winter Park");
    expect(problem({ title: "A title with a \u0007 bell" }, "title")).toMatch(/cannot be shown/);
  });
});
