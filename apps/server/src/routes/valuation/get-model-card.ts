import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accuracyGoalOf, VALUATION_ACCURACY_TARGETS, VALUATION_REFERENCE_ACCURACY } from '@propguard/engines';
import { modelCardResponseSchema } from '@propguard/schemas';
import { ERROR_RESPONSES } from '../../http/route-schemas.ts';
import type { AppContext } from '../../services/app-context.ts';
import { requireValuationRuntime } from '../../services/valuation/require-valuation.ts';
import { policy } from '../../http/route-policy.ts';

export function getModelCardRoute(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/valuations/model', {
      config: policy('public'),
      schema: {
        tags: ['valuation'],
        summary: 'The loaded model: training data, features and its accuracy on hold-out sales',
        response: { 200: modelCardResponseSchema, 503: ERROR_RESPONSES[503] },
      },
    }, async () => {
      const runtime = requireValuationRuntime(context);
      const { artifact } = runtime.model;
      const movement = runtime.index.movement;
      return {
        success: true as const,
        model: {
          id: artifact.id,
          method: artifact.method,
          trainedOn: artifact.createdFrom,
          features: artifact.features,
          trees: artifact.trees.length,
          trainingSeconds: artifact.metrics.trainingSeconds,
          holdout: artifact.metrics.holdout,
          holdoutNote: artifact.metrics.holdoutNote,
          targets: VALUATION_ACCURACY_TARGETS,
          reference: [...VALUATION_REFERENCE_ACCURACY],
          goals: artifact.metrics.holdout.map((row) => accuracyGoalOf(row, VALUATION_ACCURACY_TARGETS)),
          carryForward: movement
            ? { asAt: movement.lastQuarterEnd, source: movement.source, smoothing: movement.smoothing, backtest: movement.calibration.backtest, fsdBands: movement.calibration.fsdBands, note: movement.calibration.note }
            : null,
        },
      };
    });
  };
}
