import { ZxcvbnFactory, type ZxcvbnResult } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";
import { PASSWORD_MAX_LENGTH } from "./password.server";

/**
 * What a password chosen by a person must be: 12 to 256 characters, not
 * one of the common passwords or a small change to one, and not easy to
 * guess by zxcvbn's estimate (score 3 of 4 or better: about 10^8 guesses
 * and more). Pure apart from building zxcvbn's dictionaries once (~0.2 s,
 * on first use).
 */
export const PASSWORD_MIN_LENGTH = 12;
export const MIN_SCORE = 3;

let estimator: ZxcvbnFactory | undefined;
function zxcvbn(): ZxcvbnFactory {
  return (estimator ??= new ZxcvbnFactory({ dictionary: { ...dictionary }, graphs: adjacencyGraphs }));
}

// zxcvbn-ts answers with keys; these are its English sentences, said more plainly.
const warnings: Record<string, string> = {
  straightRow: "Keys in a row, like “qwerty”, are among the first things guessed.",
  keyPattern: "Short keyboard patterns are easy to guess.",
  simpleRepeat: "Repeated characters, like “aaa”, are easy to guess.",
  extendedRepeat: "Repeated groups of characters, like “abcabc”, are easy to guess.",
  sequences: "Sequences like “abc” or “1234” are easy to guess.",
  recentYears: "Recent years are easy to guess.",
  dates: "Dates are easy to guess.",
  topTen: "This is one of the most used passwords there is.",
  topHundred: "This is one of the most used passwords.",
  common: "This is a commonly used password.",
  similarToCommon: "This is too close to a commonly used password.",
  wordByItself: "A single word on its own is easy to guess.",
  namesByThemselves: "Names on their own are easy to guess.",
  commonNames: "Common names are easy to guess.",
  userInputs: "It contains your name, your e-mail address or the clinic's name.",
  pwned: "This password has appeared in a data breach.",
};
const suggestions: Record<string, string> = {
  l33t: "Swapping letters for look-alike numbers or symbols (“@” for “a”) does not help much.",
  reverseWords: "A common word spelled backwards is still easy to guess.",
  allUppercase: "Capitals in the middle of words help more than all capitals.",
  capitalization: "A capital in the middle of a word helps more than one at the start.",
  dates: "Leave out dates and years that mean something to you.",
  recentYears: "Leave out recent years.",
  associatedYears: "Leave out years that mean something to you.",
  sequences: "Leave out sequences like “abc” or “1234”.",
  repeated: "Leave out repeated words and characters.",
  longerKeyboardPattern: "Leave out keyboard patterns.",
  useWords: "Try three or four unrelated words, like a short phrase only you would think of.",
  pwned: "Choose a password you have not used anywhere else.",
};
const DEFAULT_SUGGESTION = "Try three or four unrelated words, like a short phrase only you would think of.";

export interface NewPasswordInput {
  newPassword: string;
  confirmPassword: string;
  /** The current password as typed (already checked by the caller): the new one must differ. */
  currentPassword?: string;
  /** The person's name and e-mail, the clinic's name: a password built on them is refused. */
  personal?: readonly string[];
}

export interface PasswordProblem {
  field: "newPassword" | "confirmPassword";
  message: string;
}

/** Words from names and addresses that zxcvbn should treat as known to a guesser. */
export function personalWords(values: readonly string[]): string[] {
  const words = new Set<string>();
  for (const value of values) {
    for (const word of value.toLowerCase().split(/[^\p{L}\p{N}]+/u)) if (word.length >= 3) words.add(word);
  }
  return [...words];
}

const squash = (value: string) => value.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");

/**
 * A whole name or e-mail name in the password, however spaced or
 * capitalised ("MaryJones", "mary.jones2025"): zxcvbn alone lets these
 * through when the rest is random enough, but they are the first guesses
 * of anyone who knows the person.
 */
function containsPersonal(password: string, personal: readonly string[]): boolean {
  const squashed = squash(password);
  return personal.some((value) => {
    const key = squash(value.split("@")[0]!);
    return key.length >= 5 && squashed.includes(key);
  });
}

/** Why a new password is not good enough, in plain words; null when it is. */
export function strengthProblem(password: string, personal: readonly string[] = []): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) {
    return `Use at least ${PASSWORD_MIN_LENGTH} characters. A few unrelated words together are easy to remember and hard to guess.`;
  }
  if (password.length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  if (password.trim() === "") return "A password of spaces only is easy to guess.";
  if (containsPersonal(password, personal)) {
    return `${warnings.userInputs} ${DEFAULT_SUGGESTION}`;
  }
  const result = zxcvbn().check(password, personalWords(personal));
  if (isCommon(result)) return `${warnings.common} ${DEFAULT_SUGGESTION}`;
  if (result.score >= MIN_SCORE) return null;
  return explain(result);
}

/** The password is one entry of the common-password list (or of the common words), whatever its capitals. */
function isCommon(result: ZxcvbnResult): boolean {
  const [only] = result.sequence;
  return result.sequence.length === 1 && only?.pattern === "dictionary";
}

function explain(result: ZxcvbnResult): string {
  const warning = result.feedback.warning ? warnings[result.feedback.warning] : undefined;
  const suggestion =
    result.feedback.suggestions.map((key) => suggestions[key]).find((s): s is string => s !== undefined) ??
    DEFAULT_SUGGESTION;
  return `${warning ?? "This password would be easy to guess."} ${suggestion}`;
}

/** Checks a new password and its confirmation; the first problem found, or null. */
export function newPasswordProblem(input: NewPasswordInput): PasswordProblem | null {
  if (input.newPassword === "") return { field: "newPassword", message: "Enter a new password." };
  if (input.currentPassword !== undefined && input.newPassword === input.currentPassword) {
    return { field: "newPassword", message: "Your new password must be different from the one you use now." };
  }
  const weak = strengthProblem(input.newPassword, input.personal);
  if (weak) return { field: "newPassword", message: weak };
  if (input.confirmPassword !== input.newPassword) {
    return { field: "confirmPassword", message: "The two new passwords are not the same. Type it again." };
  }
  return null;
}
