import { ZxcvbnFactory, type ZxcvbnResult } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary, translations } from '@zxcvbn-ts/language-en';

/**
 * The lowest zxcvbn score a new password needs: 3 is "safely unguessable: moderate protection from
 * an offline slow-hash scenario" (about 10^8 guesses and more; zxcvbn, Wheeler 2016, section 4), which
 * suits passwords stored as scrypt hashes (secrets.ts) behind a throttled sign-in.
 */
export const MIN_PASSWORD_SCORE = 3;

let factory: ZxcvbnFactory | null = null;

/**
 * zxcvbn-ts with its common dictionary (about 49,000 of the most used passwords from breach corpora,
 * diceware words, keyboard layouts) and its English one (common words, names, Wikipedia). Built on
 * first use: about 150 ms and a few MB. Levenshtein matching is off: it cost 150-650 ms a check on our
 * 2-core machine against 2-50 ms without, and the passwords list already matches l33t variants.
 */
function getFactory(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({ translations, graphs: adjacencyGraphs, dictionary: { ...commonDictionary, ...englishDictionary }, useLevenshteinDistance: false });
  return factory;
}

export type PasswordVerdict = { isAcceptable: true; score: number } | { isAcceptable: false; score: number; message: string };

function isCommonPassword(result: ZxcvbnResult): boolean {
  return result.sequence.some((match) => match.pattern === 'dictionary' && 'dictionaryName' in match && match.dictionaryName === 'passwords-common');
}

/**
 * Checks a new password against the common-password list and a minimum strength, with the email
 * and workspace name as words an attacker would try first. The refusal says why and what helps,
 * in zxcvbn's own words. Example: "password1234" is refused as "similar to a commonly used password".
 */
export function checkPasswordStrength(password: string, userInputs: readonly string[] = []): PasswordVerdict {
  const inputs = userInputs.flatMap((input) => [input, ...input.toLowerCase().split(/[^\p{L}\p{N}]+/u)]).filter((word) => word.length >= 3);
  const result = getFactory().check(password, inputs);
  if (result.score >= MIN_PASSWORD_SCORE) return { isAcceptable: true, score: result.score };
  const why = isCommonPassword(result) ? 'it is one of the most common passwords, or close to one' : 'it would be easy to guess';
  const hints = [result.feedback.warning, ...result.feedback.suggestions].filter((text): text is string => Boolean(text));
  const help = hints.length > 0 ? ` ${hints.join(' ')}` : '';
  return { isAcceptable: false, score: result.score, message: `password: ${why}.${help} Try a few unrelated words, e.g. a short phrase of your own.` };
}
