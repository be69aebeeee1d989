import { z } from "zod";

/**
 * What staff ask the generator for: the same schema checks the form in the
 * browser and the streamed request on the server. Nothing here is about a
 * person: a topic and the shape of the article.
 */
export const tones = ["warm", "plain", "encouraging", "professional"] as const;
export type Tone = (typeof tones)[number];
export const toneLabels: Record<Tone, string> = {
  warm: "Warm and reassuring",
  plain: "Plain and direct",
  encouraging: "Encouraging",
  professional: "Professional",
};

export const lengths = ["short", "medium", "long"] as const;
export type Length = (typeof lengths)[number];
/** Target words per length: what the prompt asks for and what progress is measured against. */
export const lengthWords: Record<Length, number> = { short: 600, medium: 1000, long: 1500 };
export const lengthLabels: Record<Length, string> = {
  short: "Short (about 600 words)",
  medium: "Medium (about 1,000 words)",
  long: "Long (about 1,500 words)",
};

const line = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(3, `${label} needs at least 3 characters.`)
    .max(max, `${label} is at most ${max} characters.`);

export const generatorInputSchema = z.object({
  topic: line("Topic", 200),
  audience: line("Audience", 200),
  keyphrase: line("Focus keyphrase", 80),
  tone: z.enum(tones, { error: "Choose a tone." }),
  length: z.enum(lengths, { error: "Choose a length." }),
  /** Slugs of the clinic's services the article relates to (checked against the database on the server). */
  services: z.array(z.string().max(100)).max(20, "Choose at most 20 services.").default([]),
});
export type GeneratorInput = z.infer<typeof generatorInputSchema>;

/** The streamed request: an outline from the input, or a draft from the input and the outline staff kept. */
export const generationRequestSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("outline"), input: generatorInputSchema }),
  z.object({
    kind: z.literal("draft"),
    input: generatorInputSchema,
    outline: z
      .string({ error: "The outline is required." })
      .trim()
      .min(10, "Write or generate an outline first.")
      .max(8000, "The outline is at most 8,000 characters."),
  }),
]);
export type GenerationRequest = z.infer<typeof generationRequestSchema>;

/** Words in a text, as the progress and the records count them. */
export function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}
