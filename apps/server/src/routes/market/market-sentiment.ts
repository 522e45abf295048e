import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { marketSentimentRequestSchema, marketSentimentResponseSchema } from '@propguard/schemas';
import { ERROR_RESPONSES } from '../../http/route-schemas.ts';
import type { AppContext } from '../../services/app-context.ts';
import { getMarketSentiment } from '../../services/market/sentiment-service.ts';
import { policy } from '../../http/route-policy.ts';

export function marketSentimentRoute(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/llm/market-sentiment', {
      config: policy('public', { compat: true }),
      schema: {
        tags: ['market'],
        summary: 'Market sentiment /10 of a location from the market engine (an optional model may word the summary; its numbers are checked)',
        body: marketSentimentRequestSchema,
        response: { 200: marketSentimentResponseSchema, ...ERROR_RESPONSES },
      },
    }, async (request) => getMarketSentiment(context, request.body));
  };
}
