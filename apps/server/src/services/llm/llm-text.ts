import { isSummaryFaithful } from '@propguard/engines';
import type { AppContext } from '../app-context.ts';

/** The model asked for, when LLM_BASE_URL points at an OpenAI-compatible server (e.g. Ollama). */
export const LLM_MODEL = 'llama3.2';
/** A sentence is not worth a slow page: the deterministic text is used after this. */
const LLM_TIMEOUT_MS = 4_000;

export interface LlmTextRequest {
  /** What to write, e.g. "one plain sentence summarising a property market for a lender". */
  task: string;
  /** The computed figures the model writes from (sent as JSON). */
  facts: object;
  /** Every number the text may quote; a text quoting any other number is refused. */
  allowedNumbers: readonly number[];
  maxChars: number;
}

/**
 * Asks the configured model for a text written from our figures; null when no model is
 * configured, it fails or is slow, or its text quotes a number that is not one of ours.
 */
export async function writeWithModel(context: AppContext, request: LlmTextRequest): Promise<string | null> {
  const base = context.config.llmBaseUrl;
  if (!base) return null;
  try {
    const response = await fetch(`${base.replace(/\/$/, '')}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      signal: AbortSignal.timeout(LLM_TIMEOUT_MS),
      body: JSON.stringify({
        model: LLM_MODEL,
        temperature: 0,
        messages: [
          { role: 'system', content: `You write ${request.task}. Use only the numbers given; do not compute new ones. Fractions may be written as percentages.` },
          { role: 'user', content: JSON.stringify(request.facts) },
        ],
      }),
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { choices?: Array<{ message?: { content?: string } }> };
    const text = body.choices?.[0]?.message?.content?.trim();
    if (!text || text.length > request.maxChars) return null;
    return isSummaryFaithful(text, request.allowedNumbers) ? text : null;
  } catch {
    return null;
  }
}
