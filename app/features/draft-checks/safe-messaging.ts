import { sentencesOf } from "~/features/seo-text/keyphrase-checks";
import type { DraftText } from "./draft-text";
import { quote } from "./draft-text";
import type { Finding } from "./draft-types";

/**
 * Safe messaging about suicide (reportingonsuicide.org's recommendations and
 * the 988 Lifeline's): a post that touches suicide or self-harm gives the
 * ways to reach help now (988 and 911), describes no method, and uses no
 * words that make suicide sound like a crime, a success or a contagion.
 * Every finding here is an error: it blocks review unless a clinician
 * overrides it with a reason.
 */

/** Words that mean the post touches suicide or self-harm. */
const TOUCHES =
  /\b(suicid\w*|self[- ]?harm\w*|self[- ]?injur\w*|kill(?:s|ed|ing)? (?:myself|yourself|themselves|himself|herself|themself)|end(?:s|ed|ing)? (?:my|your|their|his|her) (?:own )?life|tak(?:e|es|ing|en) (?:my|your|their|his|her) own life|want(?:s|ed)? to die|better off dead)\b/i;

/**
 * Ways of dying or harming oneself. Named near a suicide word they become
 * method details, which the guidelines ask never to give.
 */
const METHODS =
  /\b(hang(?:ing|ed|s)?|hanged|noose|ligature|rope|overdos\w*|pills?|lethal dose|tablets?|firearms?|guns?|pistol|rifle|shot (?:himself|herself|themselves|themself)|shoot(?:ing)?|jump(?:ed|ing|s)? (?:from|off)|bridge|rooftop|poison\w*|carbon monoxide|suffocat\w*|drown\w*|razor\w*|blades?|slit|cut(?:ting)? (?:their|his|her|my|your) (?:wrists?|arms?)|wrists?|train tracks?|in front of a train)\b/i;

/**
 * Talking about keeping the means away (locking up firearms and medicines) is
 * what the guidelines recommend: a sentence about means safety is no method detail.
 */
const MEANS_SAFETY =
  /\b(lock(?:ed|ing|s)?(?: up| away)?|lockbox|safe(?:ly)? stor\w*|stor(?:e|ed|ing) (?:\w+ ){0,3}safely|secur(?:e|ed|ing)|out of reach|remov(?:e|ed|ing)|dispos(?:e|ed|ing)|means safety|safety plan)\b/i;

/** Words the guidelines ask to replace, with the wording to use instead. */
const LANGUAGE: readonly { pattern: RegExp; id: string; said: string; instead: string; why: string }[] = [
  {
    pattern: /\bcommit(?:s|ted|ting)? suicide\b|\bsuicide (?:was|is|were) committed\b/i,
    id: "commit-suicide",
    said: "“commit suicide”",
    instead: "“died by suicide”, “took their own life” or “thinking about suicide”",
    why: "“Commit” is the word for crimes and sins; it blames the person and keeps people from asking for help.",
  },
  {
    pattern:
      /\b(?:successful|completed|succeeded (?:in|at)) suicide\b|\bsuicide (?:was|is) successful\b|\bsucceeded in (?:killing|ending)\b/i,
    id: "successful-suicide",
    said: "“successful” or “completed” suicide",
    instead: "“died by suicide”",
    why: "Calling a death a success frames suicide as a goal that was reached.",
  },
  {
    pattern: /\b(?:failed|unsuccessful|botched) (?:suicide|attempt)\b|\bsuicide attempt (?:failed|was unsuccessful)\b/i,
    id: "failed-suicide",
    said: "“failed” or “unsuccessful” suicide",
    instead: "“survived a suicide attempt” or “attempted suicide”",
    why: "Calling survival a failure suggests that dying would have been the success.",
  },
  {
    pattern: /\b(?:epidemic|skyrocket\w*|soar(?:s|ed|ing)?|suicide (?:wave|crisis) (?:sweeping|gripping))\b/i,
    id: "epidemic",
    said: "“epidemic” or “skyrocketing”",
    instead: "“rising rates” or “a public health concern”, with the figures and their source",
    why: "Describing suicide as an epidemic makes it sound common and expected, which can raise the risk for people who are struggling.",
  },
  {
    pattern: /\bsuicide victims?\b|\bvictims? of suicide\b/i,
    id: "suicide-victim",
    said: "“suicide victim”",
    instead: "“a person who died by suicide”",
    why: "“Victim” casts the person as powerless and the death as inevitable.",
  },
];

export const HELP_NUMBERS = ["988", "911"] as const;

/** The sentences of the draft's title, headings and paragraphs. */
function sentences(title: string, text: DraftText): string[] {
  return [title, ...text.headings.map((h) => h.text), ...text.paragraphs].flatMap((part) => sentencesOf(part));
}

export function touchesSuicide(title: string, text: DraftText): boolean {
  return TOUCHES.test(title) || TOUCHES.test(text.text);
}

export function safeMessagingFindings(title: string, text: DraftText): Finding[] {
  if (!touchesSuicide(title, text)) return [];
  const findings: Finding[] = [];
  const all = sentences(title, text);

  // The crisis-help block of the page kit shows both numbers.
  const hasBlock = text.blocks.includes("crisis-help");
  const missing = hasBlock ? [] : HELP_NUMBERS.filter((n) => !new RegExp(`(?<!\\d)${n}(?!\\d)`).test(text.text));
  if (missing.length > 0) {
    findings.push({
      id: "crisis-help",
      severity: "error",
      title: `Crisis help is missing (${missing.join(" and ")})`,
      explanation:
        "This post talks about suicide or self-harm. Someone reading it may be in crisis right now, so it must say how to reach help at once.",
      fix: "Add a short paragraph such as: “If you are thinking about suicide, call or text 988 to reach the 988 Suicide & Crisis Lifeline, any time. If you are in danger right now, call 911.” Or add the {{crisis-help}} block.",
    });
  }

  const methodSentences = all.filter((s) => TOUCHES.test(s) && METHODS.test(s) && !MEANS_SAFETY.test(s));
  if (methodSentences.length > 0) {
    findings.push({
      id: "method-details",
      severity: "error",
      title: "A way of harming oneself is named",
      explanation: `Naming or describing a method of suicide or self-harm can put readers at risk, even in passing. ${
        methodSentences.length === 1 ? "One sentence does" : `${methodSentences.length} sentences do`
      }.`,
      fix: "Take out the method and any detail of how. Speak of warning signs, of what helps and of where to get help instead. Talking about locking up medicines or firearms is fine.",
      where: quote(methodSentences[0]),
    });
  }

  for (const rule of LANGUAGE) {
    const found = all.filter((s) => rule.pattern.test(s));
    if (found.length === 0) continue;
    findings.push({
      id: rule.id,
      severity: "error",
      title: `Wording to change: ${rule.said}`,
      explanation: rule.why,
      fix: `Say ${rule.instead}.`,
      where: found.length === 1 ? quote(found[0]) : `${quote(found[0])} and ${found.length - 1} more`,
    });
  }
  return findings;
}
