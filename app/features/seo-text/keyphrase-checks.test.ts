import { describe, expect, it } from "vitest";
import {
  contentWords,
  keyphraseChecks,
  keyphraseCount,
  recommendedCount,
  sentencesOf,
  wordsOf,
  type Check,
  type KeyphraseInput,
} from "./keyphrase-checks";

const page: KeyphraseInput = {
  keyphrase: "ADHD evaluation",
  title: "ADHD Evaluation in Winter Park | Cypress Lane",
  description: "A thorough ADHD evaluation for adults and teens in Winter Park, in person or by telehealth.",
  h1: ["ADHD Evaluation"],
  path: "/adhd-evaluation",
  firstParagraph: "Trouble focusing at work? An ADHD evaluation tells you why.",
  imageAlts: [],
  text: "",
};

const check = (id: Check["id"], input: Partial<KeyphraseInput>) => {
  const found = keyphraseChecks({ ...page, ...input }).find((c) => c.id === id);
  if (!found) throw new Error(`no ${id} check`);
  return found;
};

// Ten words each: one with "sleep therapy", one without.
const WITH = "Our sleep therapy helps adults rest well through the night.";
const WITHOUT = "The clinic team listens with care and answers every question.";
/** 200 words in which "sleep therapy" is used `k` times. */
const twoHundredWords = (k: number) =>
  [...Array<string>(k).fill(WITH), ...Array<string>(20 - k).fill(WITHOUT)].join(" ");

describe("the words and sentences the checks compare", () => {
  it("compares words in lower case, without accents, with straight apostrophes, split at hyphens", () => {
    expect(wordsOf("Café’s ADHD-evaluation, in Winter Park!")).toEqual([
      "cafe's",
      "adhd",
      "evaluation",
      "in",
      "winter",
      "park",
    ]);
  });

  it("leaves the function words out of the keyphrase, unless it has nothing else", () => {
    expect(contentWords("Therapy in Winter Park")).toEqual(["therapy", "winter", "park"]);
    expect(contentWords("in the")).toEqual(["in", "the"]);
  });

  it("splits sentences after . ! ? but not after a title such as Dr.", () => {
    expect(sentencesOf("Dr. Lee sees adults. Call us today! Is it free? Yes.")).toEqual([
      "Dr. Lee sees adults.",
      "Call us today!",
      "Is it free?",
      "Yes.",
    ]);
  });

  it("counts a use per sentence holding every content word, as often as the rarest of them", () => {
    const text = "ADHD evaluation takes an hour. An evaluation for ADHD, then another evaluation. Evaluation only.";
    // 1 (each once) + 1 (ADHD once, evaluation twice) + 0 (no ADHD).
    expect(keyphraseCount(text, "ADHD evaluation")).toBe(2);
    expect(keyphraseCount(twoHundredWords(7), "sleep therapy")).toBe(7);
  });

  it("recommends Yoast's counts: at least 2, the minimum rounded up, the maximum down", () => {
    expect(recommendedCount(1000, 0.5, "min")).toBe(5);
    expect(recommendedCount(1000, 3, "max")).toBe(30);
    expect(recommendedCount(200, 0.5, "min")).toBe(2); // 1 → at least 2
    expect(recommendedCount(150, 3, "max")).toBe(4); // 4.5 → 4
  });
});

describe("the keyphrase checks", () => {
  it("checks nothing without a keyphrase, and everything in order with one", () => {
    expect(keyphraseChecks({ ...page, keyphrase: "  " })).toEqual([]);
    expect(keyphraseChecks(page).map((c) => c.id)).toEqual([
      "length",
      "title",
      "description",
      "h1",
      "slug",
      "introduction",
      "images",
      "density",
    ]);
  });

  it("judges the keyphrase's length by its main words: 1–4 good, 5–8 could be better, more needs work", () => {
    expect(check("length", {}).status).toBe("good");
    // best, adhd, evaluation, adults, winter, park, florida: 7 main words ("the", "for", "in" do not count).
    const seven = check("length", { keyphrase: "the best ADHD evaluation for adults in Winter Park Florida" });
    expect(seven).toMatchObject({ status: "ok", message: expect.stringContaining("7 main words") });
    expect(check("length", { keyphrase: "one two three four five six seven eight nine" }).status).toBe("problem");
    expect(check("length", { keyphrase: "in the" }).status).toBe("problem");
  });

  it("wants the keyphrase at the start of the title", () => {
    expect(check("title", {}).status).toBe("good");
    expect(check("title", { title: "Adult ADHD evaluation | Cypress Lane" })).toMatchObject({
      status: "ok",
      message: expect.stringContaining("Moving it to the start"),
    });
    expect(check("title", { title: "Evaluation of ADHD in adults" })).toMatchObject({
      status: "ok",
      message: expect.stringContaining("not together"),
    });
    expect(check("title", { title: "Therapy in Winter Park" }).status).toBe("problem");
  });

  it("wants the keyphrase once or twice in the description", () => {
    expect(check("description", {})).toMatchObject({ status: "good", message: expect.stringContaining("once") });
    const thrice = "ADHD evaluation for adults. We offer an ADHD evaluation. Book an ADHD evaluation.";
    expect(check("description", { description: thrice })).toMatchObject({
      status: "problem",
      message: expect.stringContaining("3 times"),
    });
    expect(check("description", { description: "Care for adults in Winter Park." }).status).toBe("problem");
    expect(check("description", { description: "" }).message).toMatch(/no description/);
  });

  it("looks for the keyphrase's words in the main heading", () => {
    expect(check("h1", {}).status).toBe("good");
    expect(check("h1", { h1: ["ADHD care"] }).status).toBe("ok");
    expect(check("h1", { h1: ["Therapy"] }).status).toBe("problem");
    expect(check("h1", { h1: [] }).message).toMatch(/no main heading/);
  });

  it("looks for the keyphrase's words in the address: all good, more than half could be better", () => {
    expect(check("slug", {}).status).toBe("good");
    expect(check("slug", { path: "/adhd" }).status).toBe("problem"); // 1 of 2 is not more than half
    expect(check("slug", { keyphrase: "adult ADHD evaluation" }).status).toBe("ok"); // 2 of 3
    expect(check("slug", { path: "/" }).status).toBe("none");
  });

  it("wants the keyphrase within one sentence of the first paragraph", () => {
    expect(check("introduction", {}).status).toBe("good");
    const split = "We test for ADHD. The evaluation takes an hour.";
    expect(check("introduction", { firstParagraph: split }).status).toBe("ok");
    expect(check("introduction", { firstParagraph: "Welcome to our clinic." }).status).toBe("problem");
    expect(check("introduction", { firstParagraph: null }).status).toBe("problem");
  });

  it("wants one image description with the keyphrase, or a third to two thirds of five or more", () => {
    expect(check("images", {}).status).toBe("none");
    expect(check("images", { imageAlts: ["The ADHD evaluation room", null] })).toMatchObject({
      status: "good",
      message: "1 of 2 image descriptions use the keyphrase.",
    });
    expect(check("images", { imageAlts: ["A calm room"] }).status).toBe("problem");
    const five = (uses: number) => [
      ...Array<string>(uses).fill("ADHD evaluation"),
      ...Array<string>(5 - uses).fill("A room"),
    ];
    expect(check("images", { imageAlts: five(1) })).toMatchObject({
      status: "ok",
      message: expect.stringContaining("Only 1 of 5"),
    });
    expect(check("images", { imageAlts: five(2) }).status).toBe("good"); // 40 %
    expect(check("images", { imageAlts: five(4) }).status).toBe("ok"); // 80 %
  });

  it("judges how often the keyphrase is used by Yoast's density: 0.5–3 % of the words", () => {
    const density = (k: number) => check("density", { keyphrase: "sleep therapy", text: twoHundredWords(k) });
    expect(density(0)).toMatchObject({
      status: "problem",
      message: "Used 0 times in 200 words (0.0 %). Use it at least 2 times.",
    });
    expect(density(1).status).toBe("problem"); // once is never enough
    expect(density(2)).toMatchObject({
      status: "good",
      message: "Used twice in 200 words (1.0 %). That is about right.",
    });
    expect(density(6).status).toBe("good"); // 3.0 %
    expect(density(7)).toMatchObject({
      status: "problem",
      message: "Used 7 times in 200 words (3.5 %). That is more than the 6 times that read naturally.",
    });
    expect(density(9).message).toContain("far more"); // 4.5 %
    expect(check("density", { text: "Too short. ".repeat(45) }).status).toBe("none"); // 90 words
  });
});
