import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { complianceOverviewSchema, toleranceSchema } from '@propguard/schemas';
import { ERROR_RESPONSES } from '../../http/route-schemas.ts';
import type { AppContext } from '../../services/app-context.ts';
import { reportScopeOf, requirePrincipal } from '../../services/accounts/principal.ts';
import { getComplianceOverview, setTolerance } from '../../services/compliance/cps230-service.ts';
import { policy } from '../../http/route-policy.ts';

/** GET /api/compliance/overview and PUT /api/compliance/tolerances/{dependency} (the sampling runs in scheduler.ts). */
export function complianceRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/compliance/overview', {
      config: policy('viewer'),
      schema: {
        tags: ['compliance'],
        summary: 'APRA Compliance tab: regulation cards from checks, measured dependency availability and latency, tolerances, incidents with CPS 230 clocks, valuation audit trail, portfolio LVR distribution, reporting schedule',
        response: { 200: complianceOverviewSchema, ...ERROR_RESPONSES },
      },
    }, async (request) => getComplianceOverview(context, new Date(), reportScopeOf(request.principal)));

    app.put('/compliance/tolerances/:dependency', {
      config: policy('owner', { audited: true }),
      schema: {
        tags: ['compliance'],
        summary: "Sets the workspace's tolerance for one dependency (maximum disruption, minimum availability, maximum latency); owners only",
        params: z.object({ dependency: z.string().max(40) }),
        body: toleranceSchema,
        response: { 200: z.object({ success: z.literal(true) }), ...ERROR_RESPONSES },
      },
    }, async (request) => {
      await setTolerance(context, requirePrincipal(request.principal, context.config.authMode).workspaceId, request.params.dependency, request.body);
      return { success: true as const };
    });
  };
}
