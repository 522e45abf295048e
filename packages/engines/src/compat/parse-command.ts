/**
 * The assistant of the original client sends free text to `POST /api/propguard/process-command`.
 * `parseCommand` reads it as one of the commands our engines can answer; anything else is `help`.
 * Pure: no I/O, no engine calls (the server runs the matching engine).
 */
export type AssistantCommand =
  | { kind: 'value'; address: string }
  | { kind: 'risk'; address: string }
  | { kind: 'compare'; addresses: [string, string] }
  | { kind: 'market'; location: string }
  | { kind: 'lvr'; address: string; loanAmountAud: number }
  | { kind: 'help'; reason: string };

/** What the assistant understands, shown when a command is not understood. */
export const ASSISTANT_EXAMPLES = [
  '85 Turner St, Abbotsford VIC 3067',
  'risk of 85 Turner St, Abbotsford VIC 3067',
  'compare 85 Turner St Abbotsford VIC and 31 Park St Abbotsford VIC',
  'market in Richmond VIC',
  'LVR for a $800,000 loan on 85 Turner St, Abbotsford VIC 3067',
] as const;

/** A street address starts with a number (unit forms like "3/12" and "12A" included) followed by words. */
const ADDRESS_PATTERN = /^(?:(?:unit|apt|apartment|flat|shop)\s+)?\d+[a-z]?(?:\s*[/-]\s*\d+[a-z]?)?\s+[a-z'.-]+(?:\s+[a-z'.,-]+)+/i;

function clean(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/^[\s,.:;!?]+|[\s,.:;!?]+$/g, '').trim();
}

function looksLikeAddress(text: string): boolean {
  return ADDRESS_PATTERN.test(clean(text));
}

/** "$800,000", "800000", "$800k", "$1.2m", "1.2 million" -> dollars; null when not a positive amount. */
export function parseMoneyAud(text: string): number | null {
  const match = /\$?\s*(\d+(?:,\d{3})*(?:\.\d+)?)\s*(k|m|million|thousand)?\b/i.exec(text);
  if (!match) return null;
  const base = Number(match[1]!.replace(/,/g, ''));
  const unit = match[2]?.toLowerCase();
  const multiplier = unit === 'k' || unit === 'thousand' ? 1_000 : unit === 'm' || unit === 'million' ? 1_000_000 : 1;
  const amount = Math.round(base * multiplier);
  return Number.isFinite(amount) && amount > 0 ? amount : null;
}

/**
 * @example parseCommand('risk of 85 Turner St Abbotsford') // { kind: 'risk', address: '85 Turner St Abbotsford' }
 * @example parseCommand('market in Richmond VIC') // { kind: 'market', location: 'Richmond VIC' }
 */
export function parseCommand(input: string): AssistantCommand {
  const text = clean(input);
  if (text.length === 0) return { kind: 'help', reason: 'The command is empty' };

  const lvr = /^(?:what(?:'s| is)\s+the\s+)?(?:lvr|loan[- ]to[- ]value)\b.*?\bfor\s+(?:a\s+)?(.+?)\s+loan\s+(?:on|for|against|at)\s+(.+)$/i.exec(text);
  if (lvr) {
    const amount = parseMoneyAud(lvr[1]!);
    const address = clean(lvr[2]!);
    if (amount === null) return { kind: 'help', reason: `"${lvr[1]}" is not a loan amount` };
    if (!looksLikeAddress(address)) return { kind: 'help', reason: `"${address}" is not a street address` };
    return { kind: 'lvr', address, loanAmountAud: amount };
  }

  const compare = /^compare\s+(.+?)\s+(?:and|with|vs\.?|versus|to)\s+(.+)$/i.exec(text);
  if (compare) {
    const first = clean(compare[1]!);
    const second = clean(compare[2]!);
    if (looksLikeAddress(first) && looksLikeAddress(second)) return { kind: 'compare', addresses: [first, second] };
    return { kind: 'help', reason: 'Compare needs two street addresses joined by "and"' };
  }

  const risk = /^(?:what(?:'s| is| are)\s+the\s+)?(?:climate\s+|hazard\s+|flood\s+|fire\s+)?risks?\s+(?:of|for|at)\s+(.+)$/i.exec(text);
  if (risk) {
    const address = clean(risk[1]!);
    return looksLikeAddress(address) ? { kind: 'risk', address } : { kind: 'help', reason: `"${address}" is not a street address` };
  }

  const market = /^(?:(?:show|how is|how's|what(?:'s| is))\s+(?:the\s+)?)?(?:property\s+|housing\s+)?market\s+(?:in|for|of|at)\s+(.+)$/i.exec(text);
  if (market) return { kind: 'market', location: clean(market[1]!) };

  const worth = /^(?:what(?:'s| is)|how much is)\s+(.+?)\s+worth$/i.exec(text);
  const valueOf = /^(?:value|valuation\s+(?:of|for)|value of|how much is)\s+(.+)$/i.exec(text);
  const candidate = clean(worth?.[1] ?? valueOf?.[1] ?? text);
  if (looksLikeAddress(candidate)) return { kind: 'value', address: candidate };
  return { kind: 'help', reason: 'The command was not understood' };
}
