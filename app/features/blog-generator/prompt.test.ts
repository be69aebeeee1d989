import { describe, expect, it } from "vitest";
import { TELEHEALTH_RULE, type ClinicFacts } from "./clinic-facts";
import type { GeneratorInput } from "./generator-input";
import { buildMessages } from "./prompt";
import { slugFromTitle, plainSummary } from "./save-draft";
import { TEMPLATE_NOTICE, templateOutline } from "./template-outline";

const FACTS: ClinicFacts = {
  clinicName: "Cypress Lane Behavioral Health",
  tagline: "Healing Begins with Empathy",
  phone: "(407) 555-0100",
  services: [
    { slug: "therapy", title: "Therapy", summary: "Talk therapy.", path: "/therapy" },
    {
      slug: "medication-management",
      title: "Medication management",
      summary: "Psychiatry.",
      path: "/medication-management",
    },
  ],
  locations: [{ name: "Winter Park office", city: "Winter Park", state: "FL", path: "/locations/winter-park" }],
  insurers: ["Aetna", "Florida Blue"],
  team: [
    { name: "Dr. Jane Doe", credentials: "MD", role: "Psychiatrist", specialties: ["ADHD"], path: "/team/jane-doe" },
  ],
  telehealthRule: TELEHEALTH_RULE,
};
const INPUT: GeneratorInput = {
  topic: "Sleep and mood",
  audience: "Adults who sleep badly",
  keyphrase: "sleep and anxiety",
  tone: "warm",
  length: "short",
  services: ["therapy"],
};

describe("the prompt", () => {
  it("gives the rules, every fact with its address, and the brief; the outline only for a draft", () => {
    const outline = buildMessages({ kind: "outline", input: INPUT }, FACTS);
    expect(outline.map((m) => m.role)).toEqual(["system", "user"]);
    expect(outline[0]!.content).toMatch(/Never promise an outcome/);
    expect(outline[0]!.content).toMatch(/988/);
    const told = outline[1]!.content;
    for (const fact of [
      "Therapy: /therapy — Talk therapy.",
      "Medication management: /medication-management",
      "Services this article relates to: Therapy (/therapy)",
      "Winter Park office, Winter Park, FL",
      "Aetna, Florida Blue",
      "Dr. Jane Doe, MD, Psychiatrist (ADHD)",
      TELEHEALTH_RULE,
      "Focus keyphrase: sleep and anxiety",
      "about 600 words",
      "Propose an outline",
    ])
      expect(told).toContain(fact);
    const draft = buildMessages({ kind: "draft", input: INPUT, outline: "## Kept by staff" }, FACTS)[1]!.content;
    expect(draft).toContain("## Kept by staff");
    expect(draft).not.toContain("Propose an outline");
  });
});

describe("the template outline", () => {
  it("says it is a template and links the chosen services", () => {
    const outline = templateOutline(INPUT, [FACTS.services[0]!]);
    expect(outline.startsWith(TEMPLATE_NOTICE)).toBe(true);
    expect(outline).toContain("## What sleep and anxiety means");
    expect(outline).toContain("[Therapy](/therapy)");
    expect(outline).toContain("988");
  });
});

describe("save as draft's helpers", () => {
  it("makes a slug from a title", () => {
    expect(slugFromTitle("Sleep & mood: what helps?")).toBe("sleep-mood-what-helps");
    expect(slugFromTitle("Café für alle")).toBe("cafe-fur-alle");
    expect(slugFromTitle("!!!")).toBe("draft");
  });

  it("takes the first paragraph as plain text, cut at a word", () => {
    expect(plainSummary("## Heading\n\nSleep **and** [mood](/therapy) are linked.\n\nMore.", 300)).toBe(
      "Sleep and mood are linked.",
    );
    expect(plainSummary("one two three four five six", 12)).toBe("one two…");
  });
});
