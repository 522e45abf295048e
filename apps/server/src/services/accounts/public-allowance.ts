import { purgePublicAllowance, returnPublicAllowance, takePublicAllowance, type Database } from '@propguard/db';
import { AppError, australianDateOf } from '@propguard/schemas';
import { sha256Hex } from './secrets.ts';

/** One analysis taken from a signed-out visitor's allowance, to give back if the call fails. */
export interface AllowanceTaken {
  clientKey: string;
  day: string;
}

/**
 * A signed-out visitor's analysis where sign-in is required (issue 30): taken from the daily
 * allowance of its client address (PUBLIC_ANALYSES_PER_DAY), or refused with 401 and how to go on.
 */
export async function takeVisitorAnalysis(database: Database, clientAddress: string, perDay: number, now: Date): Promise<AllowanceTaken> {
  // The visitor's day is a day in Australia (Sydney time): the allowance renews at local midnight.
  const taken = { clientKey: sha256Hex(clientAddress), day: australianDateOf(now) };
  const used = await takePublicAllowance(database, taken.clientKey, taken.day, perDay);
  if (used === null) {
    const allowance = perDay === 0 ? 'Property analyses need an account' : `Without an account you get ${perDay} property ${perDay === 1 ? 'analysis' : 'analyses'} a day, and you have used them`;
    throw new AppError('UNAUTHENTICATED', `${allowance}. Sign in, or create a free Starter account (5 valuations a month), to go on; an API client sends its key as "Authorization: Bearer pg_..." (PROPGUARD_API_KEY for the propguard CLI).`);
  }
  return taken;
}

/** A failed analysis is not counted. */
export async function giveBackVisitorAnalysis(database: Database, taken: AllowanceTaken): Promise<void> {
  await returnPublicAllowance(database, taken.clientKey, taken.day);
}

/** Forgets allowances of earlier days (the scheduler, daily). */
export async function purgeOldVisitorAllowances(database: Database, now: Date): Promise<number> {
  return purgePublicAllowance(database, australianDateOf(now));
}
