import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '@propguard/schemas';
import { AdmissionGate, LoopBusyClock } from '../http/admission-gate.ts';
import { policyOf } from '../http/route-policy.ts';

export interface LoadShedding {
  /** Computing calls answered at once; 0: no limit and no refusals. */
  maxConcurrent: number;
  /** How long a call waits for its turn (unread, or queued past maxConcurrent) before the 503. */
  maxWaitMs: number;
  /** What the refusal's Retry-After says. */
  retryAfterSeconds: number;
}

/** A 503 that says when to come back (the error handler sends its Retry-After). */
export class OverloadedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('SERVICE_UNAVAILABLE', `The server is over capacity; nothing was done. Try again in ${retryAfterSeconds} s.`);
  }
}

const kRelease = Symbol('admission release');
type AdmittedRequest = FastifyRequest & { [kRelease]?: () => void };

/**
 * The computing part of a call is over though its answer goes on (a Server-Sent Events stream):
 * its place goes to the next call.
 */
export function releaseAdmission(request: FastifyRequest): void {
  const release = (request as AdmittedRequest)[kRelease];
  delete (request as AdmittedRequest)[kRelease];
  release?.();
}

/**
 * Degrade, don't collapse (issue 35). A call that computes (every route that is not `open`) is
 * refused with 503 and Retry-After before its handler runs, so nothing half-done is stored, when it
 * has waited `maxWaitMs` for its turn: either unread, behind a turn of the event loop that has run
 * that long among more than `maxConcurrent` calls read in that turn (LoopBusyClock: on the embedded
 * database each call runs to its end in one turn; a single slow call is no crowd), or in
 * the queue of calls past `maxConcurrent` at once (AdmissionGate: calls that wait on a database
 * server overlap). Open routes (health, sign-in, plans, docs) and the web app's files are never
 * refused. Returns the gate (its load is in /metrics).
 */
export function registerLoadShedding(app: FastifyInstance, shedding: LoadShedding): AdmissionGate | null {
  if (shedding.maxConcurrent === 0) return null;
  const gate = new AdmissionGate(shedding.maxConcurrent, shedding.maxWaitMs);
  const clock = new LoopBusyClock();
  app.addHook('onClose', async () => clock.stop());
  app.addHook('onRequest', async (request) => {
    if (policyOf(request).access === 'open') return;
    // A crowd waited unread behind the loop: more calls than may run at once were read in one
    // turn that has lasted past the wait. One slow call (a cold cache) is not a crowd; the calls
    // read after it are answered.
    const readThisTurn = clock.noteCall();
    if (readThisTurn > shedding.maxConcurrent && clock.busyMs() > shedding.maxWaitMs) throw new OverloadedError(shedding.retryAfterSeconds);
    if (!(await gate.enter())) throw new OverloadedError(shedding.retryAfterSeconds);
    let held = true;
    (request as AdmittedRequest)[kRelease] = () => {
      if (held) gate.leave();
      held = false;
    };
  });
  app.addHook('onResponse', async (request) => releaseAdmission(request));
  app.addHook('onRequestAbort', async (request) => releaseAdmission(request));
  return gate;
}
