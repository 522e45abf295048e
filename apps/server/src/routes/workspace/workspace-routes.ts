import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptInvitationRequestSchema, auditLogResponseSchema, changeMemberRoleRequestSchema, createInvitationRequestSchema, createInvitationResponseSchema, errorResponseSchema, membersResponseSchema, okResponseSchema, switchWorkspaceRequestSchema } from '@propguard/schemas';
import { ERROR_RESPONSES } from '../../http/route-schemas.ts';
import type { AppContext } from '../../services/app-context.ts';
import { acceptInvitationToken, changeMemberRole, inviteMember, listWorkspaceMembers, readAuditLog, removeMember, switchWorkspace } from '../../services/accounts/account-service.ts';
import { requirePrincipal } from '../../services/accounts/principal.ts';
import { policy } from '../../http/route-policy.ts';

const ERRORS = { ...ERROR_RESPONSES, 401: errorResponseSchema, 403: errorResponseSchema, 409: errorResponseSchema } as const;

/** Members, invitations, switching workspace and the audit log of the current workspace. */
export function workspaceRoutes(context: AppContext): FastifyPluginAsyncZod {
  const { database, config } = context;
  return async (app) => {
    app.get('/workspace/members', {
      config: policy('viewer'),
      schema: { tags: ['accounts'], summary: 'Members of the current workspace and (for owners) its invitations', response: { 200: membersResponseSchema, ...ERRORS } },
    }, async (request) => ({ success: true as const, ...(await listWorkspaceMembers(database, requirePrincipal(request.principal, config.authMode))) }));

    const memberParams = z.object({ userId: z.string().min(1).max(64) });

    app.patch('/workspace/members/:userId', {
      config: policy('owner'),
      schema: { tags: ['accounts'], summary: "Changes a member's role (owners only; the last owner cannot be demoted: 409); answers the members", params: memberParams, body: changeMemberRoleRequestSchema, response: { 200: membersResponseSchema, ...ERRORS } },
    }, async (request) => {
      const principal = requirePrincipal(request.principal, config.authMode);
      await changeMemberRole(database, principal, request.params.userId, request.body.role);
      return { success: true as const, ...(await listWorkspaceMembers(database, principal)) };
    });

    app.delete('/workspace/members/:userId', {
      config: policy('owner'),
      schema: { tags: ['accounts'], summary: 'Removes a member and ends their sessions here (owners only; the last owner cannot be removed: 409); answers the members', params: memberParams, response: { 200: membersResponseSchema, ...ERRORS } },
    }, async (request) => {
      const principal = requirePrincipal(request.principal, config.authMode);
      await removeMember(database, principal, request.params.userId);
      return { success: true as const, ...(await listWorkspaceMembers(database, principal)) };
    });

    app.post('/workspace/invitations', {
      config: policy('owner'),
      schema: { tags: ['accounts'], summary: 'Invites someone by email as analyst or viewer (owners only); the token is shown once', body: createInvitationRequestSchema, response: { 200: createInvitationResponseSchema, ...ERRORS } },
    }, async (request) => ({ success: true as const, ...(await inviteMember(database, requirePrincipal(request.principal, config.authMode), request.body.email, request.body.role)) }));

    app.post('/invitations/accept', {
      config: policy('viewer'),
      schema: { tags: ['accounts'], summary: 'Joins the inviting workspace (signed in with the invited email)', body: acceptInvitationRequestSchema, response: { 200: okResponseSchema, ...ERRORS } },
    }, async (request) => {
      await acceptInvitationToken(database, requirePrincipal(request.principal, config.authMode), request.body.token);
      return { success: true as const };
    });

    app.post('/workspace/switch', {
      config: policy('viewer'),
      schema: { tags: ['accounts'], summary: 'Makes another of your workspaces the current one', body: switchWorkspaceRequestSchema, response: { 200: okResponseSchema, ...ERRORS } },
    }, async (request) => {
      await switchWorkspace(database, requirePrincipal(request.principal, config.authMode), request.body.workspace_id);
      return { success: true as const };
    });

    app.get('/audit', {
      config: policy('viewer'),
      schema: { tags: ['accounts'], summary: 'Who did what in this workspace, newest first (last 100)', response: { 200: auditLogResponseSchema, ...ERRORS } },
    }, async (request) => ({ success: true as const, entries: await readAuditLog(database, requirePrincipal(request.principal, config.authMode)) }));
  };
}
