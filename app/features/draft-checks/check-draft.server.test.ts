import { describe, expect, it } from "vitest";
import { checkDraft } from "./check-draft.server";
import type { Draft, Finding } from "./draft-types";
import { seededPosts } from "./test-drafts";

const ids = (findings: Finding[]) => findings.map((f) => f.id);
const errors = (findings: Finding[]) => ids(findings.filter((f) => f.severity === "error"));
const find = (findings: Finding[], id: string) => findings.find((f) => f.id === id);

/** A post in the clinic's voice about supporting someone through dark times: it touches suicide. */
const CRISIS_POST = `Sometimes a friend or family member seems to carry more than they can hold. You may notice them pulling away, or saying things that worry you. It can be hard to know what to say.

## Warning signs

Some people who are thinking about suicide talk about feeling trapped or being a burden. Others give away things they care about, or say goodbye in ways that feel final.

## How to help

Ask them directly if they are thinking about suicide. Asking does not put the idea in their head. Listen without judging, and stay with them. Help them store medicines and firearms safely, out of reach, while things are hard.

Our [therapists](/individual-therapy) work with families on safety plans.`;

const HELP_LINE =
  "If you or someone you love is thinking about suicide, call or text 988 to reach the 988 Suicide & Crisis Lifeline. If someone is in danger right now, call 911.";

function draft(body: string, extra: Partial<Draft> = {}): Draft {
  return {
    title: "Helping someone who is struggling",
    slug: "helping-someone-who-is-struggling",
    metaTitle: "Helping Someone Who Is Struggling | Cypress Lane",
    metaDescription:
      "How to notice when someone you love is struggling, what to say, and where to find help now, day or night, in Central Florida and by telehealth.",
    body,
    ...extra,
  };
}

describe("safe messaging", () => {
  it("asks for 988 and 911 in a post that touches suicide, and names both when both are missing", () => {
    const findings = checkDraft(draft(CRISIS_POST));
    const crisis = find(findings, "crisis-help");
    expect(crisis).toMatchObject({ severity: "error", title: "Crisis help is missing (988 and 911)" });
    expect(crisis!.fix).toContain("call or text 988");

    expect(find(checkDraft(draft(`${CRISIS_POST}\n\nCall or text 988 any time.`)), "crisis-help")!.title).toBe(
      "Crisis help is missing (911)",
    );
    expect(errors(checkDraft(draft(`${CRISIS_POST}\n\n${HELP_LINE}`)))).toEqual([]);
    // The page kit's crisis-help block shows both numbers.
    expect(errors(checkDraft(draft(`{{crisis-help}}\n\n${CRISIS_POST}`)))).toEqual([]);
  });

  it("finds self-harm wording in the title too, and leaves a post about something else alone", () => {
    const selfHarm = checkDraft(draft("Teens may hide it well.", { title: "When a teen self-harms" }));
    expect(errors(selfHarm)).toEqual(["crisis-help"]);
    const sleep = checkDraft(draft("Poor sleep and low mood often go together. Loneliness is an epidemic too."));
    expect(errors(sleep)).toEqual([]);
  });

  it("refuses method details near suicide words, but not advice to lock up medicines and firearms", () => {
    const body = `${CRISIS_POST}\n\nSome people who attempt suicide take an overdose of pills they already have at home.\n\n${HELP_LINE}`;
    const findings = checkDraft(draft(body));
    expect(find(findings, "method-details")).toMatchObject({
      severity: "error",
      where: "“Some people who attempt suicide take an overdose of pills they already have at home.”",
    });
    // CRISIS_POST itself says "store medicines and firearms safely": means safety, recommended.
    expect(ids(checkDraft(draft(`${CRISIS_POST}\n\n${HELP_LINE}`)))).not.toContain("method-details");
  });

  it("asks to replace “committed suicide”, “successful/failed attempt” and “epidemic”, with the wording to use", () => {
    const body = [
      CRISIS_POST,
      "Her brother committed suicide when she was twelve.",
      "A failed suicide attempt is often followed by another.",
      "Experts call youth suicide an epidemic.",
      HELP_LINE,
    ].join("\n\n");
    const findings = checkDraft(draft(body));
    expect(errors(findings)).toEqual(["commit-suicide", "failed-suicide", "epidemic"]);
    expect(find(findings, "commit-suicide")).toMatchObject({
      where: "“Her brother committed suicide when she was twelve.”",
      fix: "Say “died by suicide”, “took their own life” or “thinking about suicide”.",
    });
    expect(find(findings, "failed-suicide")!.fix).toContain("survived a suicide attempt");
    const fixed = body
      .replace("committed suicide", "died by suicide")
      .replace("A failed suicide attempt", "Surviving a suicide attempt")
      .replace("call youth suicide an epidemic", "see rising rates of youth suicide");
    expect(errors(checkDraft(draft(fixed)))).toEqual([]);
  });
});

describe("claims", () => {
  it("warns about promised cures and results, not about honest limits", () => {
    const promising = checkDraft(
      draft("Our program will cure your anxiety. It is 100% effective, and results are guaranteed."),
    );
    expect(find(promising, "promised-outcome")).toMatchObject({
      severity: "warning",
      where: "“Our program will cure your anxiety.” and 1 more",
    });
    const honest = checkDraft(
      draft(
        "There is no cure for ADHD, but treatment can help. We cannot guarantee results; many people find it helps.",
      ),
    );
    expect(ids(honest)).not.toContain("promised-outcome");
  });

  it("warns about a diagnosis by checklist, not about talking with a clinician", () => {
    for (const sentence of [
      "If you have 3 or more of these signs, you have ADHD.",
      "If you answered yes to most of these questions, you probably have depression.",
      "Losing your keys every day? Chances are you have adult ADHD.",
      "This quiz will tell you if you have anxiety.",
    ]) {
      expect(ids(checkDraft(draft(`Here are some common signs.\n\n${sentence}`))), sentence).toContain(
        "checklist-diagnosis",
      );
    }
    const careful = checkDraft(
      draft(
        "If you have ADHD, treatment can help. If you think you have ADHD, talk with a clinician. If several of these sound familiar, an evaluation can help you understand what is going on.",
      ),
    );
    expect(ids(careful)).not.toContain("checklist-diagnosis");
  });
});

describe("reading level", () => {
  const dense =
    "Pharmacological interventions, particularly psychostimulant medications administered under appropriate clinical supervision, demonstrate considerable efficacy in ameliorating attentional dysregulation. Comprehensive neuropsychological evaluation facilitates individualized therapeutic recommendations incorporating environmental accommodations.";

  it("warns above grade 8 with the grade, and honours a clinic's own limit", () => {
    const findings = checkDraft(draft(`${dense}\n\n${dense}`));
    const level = find(findings, "reading-level");
    expect(level?.severity).toBe("warning");
    expect(level!.title).toMatch(/^Reading level: grade \d+\.\d$/);
    expect(Number(level!.title.split("grade ")[1])).toBeGreaterThan(8);
    const grade = Number(level!.title.split("grade ")[1]);
    expect(ids(checkDraft(draft(`${dense}\n\n${dense}`), { maxGrade: Math.ceil(grade) }))).not.toContain(
      "reading-level",
    );
    const plain = checkDraft(draft("We see you soon. Call us today. ".repeat(20)));
    expect(ids(plain)).not.toContain("reading-level");
  });
});

describe("search", () => {
  it("checks the keyphrase's places, the length, headings, internal links and meta lengths", () => {
    const findings = checkDraft(
      draft(
        "# Welcome\n\nA few words about nothing in particular.\n\n#### Deep heading\n\nSee [a site](https://example.org).",
        {
          metaTitle: "A very long meta title that goes on and on past what Google shows",
          metaDescription: "Too short.",
          focusKeyphrase: "sleep and mood",
        },
      ),
    );
    expect(ids(findings)).toEqual(
      expect.arrayContaining([
        "seo-title",
        "seo-description",
        "seo-h1",
        "seo-introduction",
        "seo-subheading",
        "seo-length",
        "seo-h1-in-body",
        "seo-heading-levels",
        "seo-internal-links",
        "seo-meta-title",
        "seo-meta-description",
      ]),
    );
    expect(findings.every((f) => f.severity === "warning")).toBe(true);
    expect(find(findings, "seo-meta-description")!.explanation).toBe(
      "It has 10 characters. Search results show about 156; under 120 wastes the space.",
    );
  });

  it("has nothing to say about the clinic's published posts but the keyphrase they lack", () => {
    const posts = seededPosts();
    for (const post of posts) {
      const findings = checkDraft(post, { otherPosts: posts.filter((p) => p.id !== post.id) });
      expect(ids(findings), post.slug).toEqual(["seo-no-keyphrase"]);
    }
    // Written before keyphrases: its first paragraph does not say what the post is about.
    const sleep = posts.find((p) => p.slug === "sleep-and-mood")!;
    const findings = checkDraft({ ...sleep, focusKeyphrase: "sleep and mood" });
    expect(ids(findings)).toEqual(["seo-introduction"]);
    const opened = sleep.body.replace("Most of us know", "Sleep and mood are closely linked. Most of us know");
    expect(ids(checkDraft({ ...sleep, body: opened, focusKeyphrase: "sleep and mood" }))).toEqual([]);
  });
});

describe("duplicate content", () => {
  const posts = seededPosts();
  const sleep = posts.find((p) => p.slug === "sleep-and-mood")!;
  const others = posts.filter((p) => p.id !== sleep.id);

  it("is an error when most of the draft is another post, naming it", () => {
    const copy = { ...sleep, slug: "sleep-and-your-mood", title: "Sleep and your mood" };
    const finding = find(checkDraft(copy, { otherPosts: posts }), "duplicate-content");
    expect(finding).toMatchObject({ severity: "error", where: "“Sleep and Mood: How Rest Affects the Way You Feel”" });
    expect(finding!.explanation).toMatch(/^100 % of this draft's phrases are also in .*\(\/blog\/sleep-and-mood\)/);
  });

  it("is a warning when a passage is reused, and nothing when the draft is new", () => {
    const borrowed = sleep.body.split("## Habits many people find helpful")[1].split("## If you can't")[0];
    const fresh = posts.find((p) => p.slug === "helping-a-teen-who-seems-anxious")!;
    const mixed = { ...fresh, body: `${fresh.body.split("\n\n").slice(0, 8).join("\n\n")}\n\n${borrowed}` };
    const finding = find(checkDraft(mixed, { otherPosts: [sleep] }), "duplicate-content");
    expect(finding?.severity).toBe("warning");
    expect(ids(checkDraft(fresh, { otherPosts: others.filter((p) => p.id !== fresh.id) }))).not.toContain(
      "duplicate-content",
    );
  });
});

describe("speed", () => {
  it("checks a 3,000-word draft against fifty posts in well under 50 ms", () => {
    const posts = seededPosts();
    const body = posts
      .map((p) => p.body)
      .join("\n\n")
      .split(" ")
      .slice(0, 3000)
      .join(" ");
    const subject = draft(body, { focusKeyphrase: "sleep and mood" });
    // Fifty posts never seen before (each body its own text), then the same fifty again, as on each autosave.
    const others = (run: number) =>
      Array.from({ length: 50 }, (_, i) => ({
        ...posts[i % posts.length],
        id: i,
        body: `${posts[i % posts.length].body} ${run}-${i}`,
      }));
    checkDraft(subject, { otherPosts: others(0) });
    // CPU time of this process (the machine may be busy with other work; wall time is printed too).
    const timed = (work: () => void) => {
      const wall = performance.now();
      const cpu = process.cpuUsage();
      work();
      const used = process.cpuUsage(cpu);
      return { cpu: (used.user + used.system) / 1000, wall: performance.now() - wall };
    };
    const cold: { cpu: number; wall: number }[] = [];
    const warm: { cpu: number; wall: number }[] = [];
    for (let run = 1; run <= 5; run++) {
      const set = others(run);
      cold.push(timed(() => checkDraft(subject, { otherPosts: set })));
      warm.push(timed(() => checkDraft(subject, { otherPosts: set })));
    }
    const median = (list: { cpu: number; wall: number }[], key: "cpu" | "wall") =>
      list.map((t) => t[key]).sort((x, y) => x - y)[2];
    console.log(
      `checkDraft, 3,000 words, 50 posts: median CPU ${median(cold, "cpu").toFixed(1)} ms new (wall ${median(cold, "wall").toFixed(1)}), ${median(warm, "cpu").toFixed(1)} ms again (wall ${median(warm, "wall").toFixed(1)})`,
    );
    expect(median(cold, "cpu")).toBeLessThan(50);
    expect(median(warm, "cpu")).toBeLessThan(25);
  });
});
