import type { GeneratorInput } from "./generator-input";

/**
 * The outline offered when no model is connected: the same sections for every
 * topic, filled with what staff typed and the services they chose. It says it
 * is a template in its first line, so it never passes for a model's words.
 */
export const TEMPLATE_NOTICE =
  "<!-- Template outline, not written by a model: replace each note with your own words. -->";

export function templateOutline(
  input: Pick<GeneratorInput, "topic" | "audience" | "keyphrase">,
  services: { title: string; path: string }[],
): string {
  const topic = input.topic.trim() || "the topic";
  const keyphrase = input.keyphrase.trim() || topic;
  const audience = input.audience.trim() || "readers";
  const serviceLinks = services.length
    ? services.map((s) => `  - [${s.title}](${s.path}): what it is and who it suits`)
    : ["  - The clinic's services that fit this topic, each linked to its page"];
  return [
    TEMPLATE_NOTICE,
    "",
    `## What ${keyphrase} means`,
    `  - A plain description of ${topic} for ${audience}`,
    "  - Use the focus keyphrase in this first section",
    "",
    `## How ${topic} can show up in daily life`,
    "  - Common experiences, without a checklist or a diagnosis",
    "  - That everyone's experience differs",
    "",
    "## What can help",
    "  - Approaches that are known to help, without promising an outcome",
    "  - Small steps a reader can take today",
    "",
    "## When to talk to a professional",
    "  - Signs that it is time to reach out",
    "  - If the topic touches suicide or self-harm: call or text 988, or call 911 in an emergency",
    "",
    "## How our clinic can help",
    ...serviceLinks,
    "  - In person at our offices, or by telehealth when you are in Florida for each visit",
  ].join("\n");
}
