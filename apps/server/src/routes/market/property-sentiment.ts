import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { propertySentimentRequestSchema, propertySentimentResponseSchema } from '@propguard/schemas';
import { ERROR_RESPONSES } from '../../http/route-schemas.ts';
import type { AppContext } from '../../services/app-context.ts';
import { getPropertySentiment } from '../../services/market/sentiment-service.ts';
import { policy } from '../../http/route-policy.ts';

export function propertySentimentRoute(_context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/llm/property-sentiment', {
      config: policy('public', { compat: true }),
      schema: {
        tags: ['market'],
        summary: 'Sentiment of a property description (AFINN-165 via wink-sentiment plus a property lexicon), with the phrases that drove it',
        body: propertySentimentRequestSchema,
        response: { 200: propertySentimentResponseSchema, ...ERROR_RESPONSES },
      },
    }, async (request) => getPropertySentiment(request.body.description));
  };
}
