import { sentencesOf } from "~/features/seo-text/keyphrase-checks";
import type { DraftText } from "./draft-text";
import { quote } from "./draft-text";
import type { Finding } from "./draft-types";

/**
 * Two things a clinic's article must not do (FTC's health-claims guidance,
 * state medical boards' advertising rules): promise an outcome, and diagnose
 * the reader from a list of signs. Warnings: a clinician may judge a case
 * differently, and the wording of a finding says what to write instead.
 */

/** Promises of an outcome. A phrase negated just before ("there is no cure") is not one. */
const PROMISES: readonly RegExp[] = [
  /\bcur(?:e|es|ed|ing|able)\b/i,
  /\bguarantee(?:s|d)?\b/i,
  /\b100 ?(?:%|percent|per cent) (?:effective|success\w*|guaranteed|of (?:patients|people|clients))\b/i,
  /\b(?:will|is going to|are going to) (?:fix|cure|eliminate|end|erase|get rid of|solve)\b/i,
  /\b(?:permanent(?:ly)?|lasting|instant(?:ly)?|overnight) (?:fix|relief|cure|solution|results?)\b/i,
  /\bmiracle\w*\b/i,
  /\bnever (?:feel|be|get) (?:anxious|depressed|sad|stressed|distracted) again\b/i,
  /\b(?:proven|clinically proven) to (?:cure|fix|work|eliminate)\b/i,
  /\b(?:for good|once and for all|forever)\b(?=[^.!?]*\b(?:anxiety|depression|adhd|panic|ptsd|ocd|insomnia|symptoms?)\b)|\b(?:anxiety|depression|adhd|panic|ptsd|ocd|insomnia|symptoms?)\b[^.!?]*\b(?:for good|once and for all|forever)\b/i,
];
const NEGATION = /\b(?:no|not|never|isn't|aren't|don't|doesn't|can't|cannot|won't|without|nor)\b(?:\s+\S+){0,3}\s*$/i;

/** Conditions a reader might be told they "have". */
const CONDITIONS =
  "(?:adult )?(?:adhd|add|attention[- ]deficit[\\w -]*|depression|major depressive disorder|anxiety(?: disorder)?|generali[sz]ed anxiety disorder|gad|bipolar(?: disorder)?|ocd|obsessive[- ]compulsive disorder|ptsd|post[- ]traumatic stress disorder|autism|asd|an? (?:eating|personality|mood|panic|anxiety) disorder|panic disorder|borderline personality disorder|bpd|schizophrenia|insomnia)";

/** "If you have 3 or more of these…", "if you answered yes to most of the questions", "score 5 or higher". */
const COUNT_RULE =
  /\bif you\b[^.!?]{0,60}?\b(?:\d+|two|three|four|five|six|seven|eight|nine|ten|several|most|all|half|many|any)\b(?:\s+or\s+(?:more|higher|above))?[^.!?]{0,20}?\b(?:of (?:these|the following|the above|them|the questions|the signs|the symptoms|this list)|or (?:more|higher|above))\b/i;
/** …followed, in the same sentence, by a condition the reader "may have". */
const CONDITION_CLAIM = new RegExp(
  `\\b(?:you(?:'re| are| have| may have| might have| could have| probably have| likely have| most likely have)|it(?:'s| is) (?:likely|probably)|a sign (?:that )?you have)\\b[^.!?]{0,20}?\\b${CONDITIONS}\\b`,
  "i",
);
/** A conclusion about the reader: "you have ADHD", "chances are you're depressed". Not "if you have ADHD" or "if you think you have". */
const CONCLUSION = new RegExp(
  "(?<!\\b(?:if|when|whether|think|thinks|feel|feels|believe|wonder|worry|worried|fear|suspect|that|unless|because|and|or|not|whom)\\s)" +
    "(?<!\\b(?:if|when|whether|unless)\\s\\w+\\s)" +
    "\\byou(?:" +
    `\\s+(?:(?:probably|likely|definitely|certainly|clearly|almost certainly|most likely|must)\\s+)?(?:have|suffer from|are suffering from|have got)\\s+${CONDITIONS}` +
    "|(?:'re|\\s+are)\\s+(?:(?:probably|likely|definitely|clearly)\\s+)?(?:depressed|bipolar|autistic|obsessive[- ]compulsive)" +
    ")\\b",
  "i",
);
const SELF_DIAGNOSIS =
  /\b(?:this (?:quiz|test|checklist|list) (?:will|can) (?:tell|show|confirm)(?: (?:you )?(?:if|whether|that))? you)\b/i;

const PROMISES_GLOBAL = PROMISES.map((pattern) => new RegExp(pattern.source, "gi"));

function promiseAt(sentence: string): boolean {
  return PROMISES_GLOBAL.some((pattern) => {
    for (const match of sentence.matchAll(pattern)) {
      if (!NEGATION.test(sentence.slice(0, match.index))) return true;
    }
    return false;
  });
}

const sentencesOfDraft = (title: string, text: DraftText) =>
  [title, ...text.headings.map((h) => h.text), ...text.paragraphs].flatMap((part) => sentencesOf(part));

const where = (found: string[]) =>
  found.length === 1 ? quote(found[0]) : `${quote(found[0])} and ${found.length - 1} more`;

export function claimFindings(title: string, text: DraftText): Finding[] {
  const all = sentencesOfDraft(title, text);
  const findings: Finding[] = [];
  const promises = all.filter(promiseAt);
  if (promises.length > 0) {
    findings.push({
      id: "promised-outcome",
      severity: "warning",
      title: "A result is promised",
      explanation:
        "Care helps many people, but no clinician can promise a cure or a result. A promise can mislead someone who is struggling, and advertising rules forbid it.",
      fix: "Say what care can do and for whom, without certainty: “many people find…”, “treatment can help reduce…”, “we will work with you on…”.",
      where: where(promises),
    });
  }
  const diagnoses = all.filter(
    (s) => (COUNT_RULE.test(s) && CONDITION_CLAIM.test(s)) || CONCLUSION.test(s) || SELF_DIAGNOSIS.test(s),
  );
  if (diagnoses.length > 0) {
    findings.push({
      id: "checklist-diagnosis",
      severity: "warning",
      title: "The reader is diagnosed from a list",
      explanation:
        "Only an evaluation by a clinician can diagnose a condition. Telling readers they have one because some signs fit can mislead them, or put them off care.",
      fix: "Describe the signs as things worth talking about: “If several of these sound familiar, a clinician can help you understand what is going on.”",
      where: where(diagnoses),
    });
  }
  return findings;
}
