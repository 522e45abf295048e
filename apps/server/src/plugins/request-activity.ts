import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RequestActivity } from '../services/request-activity.ts';

const kActive = Symbol('propguard.activity');
type CountedRequest = FastifyRequest & { [kActive]?: boolean };

/** Counts the requests being served (RequestActivity): the work left to after ready waits for a quiet moment. */
export function registerRequestActivity(app: FastifyInstance, activity: RequestActivity): void {
  const done = (request: CountedRequest) => {
    if (!request[kActive]) return;
    request[kActive] = false;
    activity.end();
  };
  app.addHook('onRequest', async (request: CountedRequest) => {
    request[kActive] = true;
    activity.begin();
  });
  app.addHook('onResponse', async (request) => done(request));
  app.addHook('onRequestAbort', async (request) => done(request));
}
