import type { ClinicFacts } from "./clinic-facts";
import { lengthWords, toneLabels, type GenerationRequest, type GeneratorInput } from "./generator-input";

export interface ChatMessage {
  role: "system" | "user";
  content: string;
}

/**
 * The rules every answer keeps (the draft checks of issue 18 hold drafts to
 * the same): safe messaging, no promises, no diagnosis, plain words, and only
 * the facts given. The model is told to link services by the addresses given,
 * so the draft links to the clinic's own pages.
 */
const SYSTEM = `You write articles for the blog of a mental-health clinic. Write warmly and plainly, for a reading level of about grade 8.
Rules you always keep:
- Use only the clinic facts given. Never invent statistics, studies, names, prices, phone numbers or addresses.
- Never promise an outcome or a cure; say what treatment can help with and that everyone's path differs.
- Never diagnose or offer a checklist that tells a reader they have a condition; encourage talking to a professional.
- If the topic touches suicide or self-harm, follow safe-messaging guidance: no method details, never say "commit suicide" or "epidemic", and include this line: "If you are in crisis, call or text 988 (the Suicide & Crisis Lifeline) or call 911."
- When you mention one of the clinic's services, link to it with a Markdown link to the address given for it, such as [Therapy](/therapy).
- Write Markdown. Do not write a top-level "#" title: the page shows the title. Use "##" for sections.`;

function factsBlock(facts: ClinicFacts, chosen: string[]): string {
  const related = facts.services.filter((s) => chosen.includes(s.slug));
  const lines = [
    `Clinic: ${facts.clinicName}${facts.tagline ? ` (${facts.tagline})` : ""}`,
    facts.phone ? `Clinic phone: ${facts.phone}` : "",
    "Services (title: address — summary):",
    ...facts.services.map((s) => `- ${s.title}: ${s.path} — ${s.summary}`),
    related.length
      ? `Services this article relates to: ${related.map((s) => `${s.title} (${s.path})`).join(", ")}`
      : "",
    "Offices:",
    ...facts.locations.map((l) => `- ${l.name}, ${l.city}, ${l.state}: ${l.path}`),
    `Telehealth: ${facts.telehealthRule}`,
    facts.insurers.length ? `Insurance accepted: ${facts.insurers.join(", ")}` : "",
    "Team:",
    ...facts.team.map(
      (m) => `- ${m.name}, ${m.credentials}, ${m.role}${m.specialties.length ? ` (${m.specialties.join(", ")})` : ""}`,
    ),
  ];
  return lines.filter(Boolean).join("\n");
}

function brief(input: GeneratorInput): string {
  return [
    `Topic: ${input.topic}`,
    `Audience: ${input.audience}`,
    `Focus keyphrase: ${input.keyphrase} (use it in the first paragraph and in one "##" heading)`,
    `Tone: ${toneLabels[input.tone]}`,
    `Length: about ${lengthWords[input.length]} words`,
  ].join("\n");
}

/** The messages for one request: the rules, the clinic's facts, then what staff asked for. */
export function buildMessages(request: GenerationRequest, facts: ClinicFacts): ChatMessage[] {
  const ask =
    request.kind === "outline"
      ? 'Propose an outline for the article: a Markdown list of 4 to 7 "##" section headings, each with two or three short bullet points of what it covers. End with a section on how the clinic can help that links to the related services. Write only the outline.'
      : `Write the full article following this outline (staff may have edited it):\n\n${request.outline}\n\nWrite only the article's Markdown body.`;
  return [
    { role: "system", content: SYSTEM },
    {
      role: "user",
      content: `Clinic facts:\n${factsBlock(facts, request.input.services)}\n\nArticle:\n${brief(request.input)}\n\n${ask}`,
    },
  ];
}
