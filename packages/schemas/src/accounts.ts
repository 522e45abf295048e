import { z } from 'zod';

/**
 * Accounts, workspaces, members, invitations and API keys (issue 14). Every payload of
 * /api/auth, /api/me, /api/workspace and /api/keys is declared here once; the server validates
 * with these and the web imports the inferred types.
 */

export const WORKSPACE_ROLES = ['owner', 'analyst', 'viewer'] as const;
export const workspaceRoleSchema = z.enum(WORKSPACE_ROLES);
export type WorkspaceRole = z.infer<typeof workspaceRoleSchema>;

export const AUTH_MODES = ['local', 'required'] as const;
export type AuthMode = (typeof AUTH_MODES)[number];

/** The password rules, stated once: the server checks them and the sign-up form shows them. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_RULES_TEXT = `At least ${PASSWORD_MIN_LENGTH} characters, with a letter and a digit or symbol, not containing your email name, and not a common or easily guessed password (a few unrelated words work well).`;

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'email: at most 254 characters')
  .pipe(z.email('email: not a valid email address'));

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `password: at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `password: at most ${PASSWORD_MAX_LENGTH} characters`)
  .refine((value) => /\p{L}/u.test(value), 'password: needs at least one letter')
  .refine((value) => /[^\p{L}]/u.test(value), 'password: needs at least one digit or symbol');

export const signupRequestSchema = z
  .object({
    email: emailSchema,
    password: passwordSchema,
    workspace_name: z.string().trim().min(2, 'workspace_name: at least 2 characters').max(80, 'workspace_name: at most 80 characters'),
  })
  .refine((body) => {
    const name = body.email.split('@')[0] ?? '';
    return name.length < 4 || !body.password.toLowerCase().includes(name);
  }, { message: 'password: must not contain the name part of your email', path: ['password'] })
  .meta({ id: 'SignupRequest' });
export type SignupRequest = z.infer<typeof signupRequestSchema>;

export const loginRequestSchema = z
  .object({
    email: emailSchema,
    password: z.string().min(1, 'password: required').max(PASSWORD_MAX_LENGTH),
  })
  .meta({ id: 'LoginRequest' });
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** What a one-time token sent by mail is for (issue 29); the database's CHECK lists the same. */
export const ACCOUNT_TOKEN_PURPOSES = ['signup', 'password_reset'] as const;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

const mailTokenSchema = z.string().trim().min(20, 'token: required (it is in the link of the message we sent)').max(200, 'token: at most 200 characters');

/**
 * The answer to a sign-up or a password-reset request: the same whether or not the email has an
 * account, so that neither tells who is a customer. The message goes by mail.
 */
export const mailSentResponseSchema = z
  .object({ success: z.literal(true), message: z.string().describe('What to do next: follow the link in the message sent to the email') })
  .meta({ id: 'MailSentResponse' });
export type MailSentResponse = z.infer<typeof mailSentResponseSchema>;

/** POST /api/auth/signup/confirm: the token of the sign-up message creates the account and signs in. */
export const signupConfirmRequestSchema = z.object({ token: mailTokenSchema }).meta({ id: 'SignupConfirmRequest' });
export type SignupConfirmRequest = z.infer<typeof signupConfirmRequestSchema>;

/** POST /api/auth/password-reset: asks for a reset message. */
export const passwordResetRequestSchema = z.object({ email: emailSchema }).meta({ id: 'PasswordResetRequest' });
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

/** POST /api/auth/password-reset/confirm: the token of the reset message and the new password. */
export const passwordResetConfirmRequestSchema = z.object({ token: mailTokenSchema, password: passwordSchema }).meta({ id: 'PasswordResetConfirmRequest' });
export type PasswordResetConfirmRequest = z.infer<typeof passwordResetConfirmRequestSchema>;

export const workspaceSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  role: workspaceRoleSchema,
  plan: z.string().describe('Plan id the workspace is on (starter, professional, enterprise)'),
  is_local: z.boolean().describe('The one workspace of AUTH_MODE=local'),
});
export type WorkspaceSummary = z.infer<typeof workspaceSummarySchema>;

/** GET /api/me: who the request acts as. */
export const meResponseSchema = z
  .object({
    auth_mode: z.enum(AUTH_MODES),
    authenticated_by: z.enum(['session', 'api_key', 'local', 'none']),
    user: z.object({ id: z.string(), email: z.string() }).nullable(),
    workspace: workspaceSummarySchema.nullable(),
    workspaces: z.array(workspaceSummarySchema).describe('Every workspace the user is a member of'),
    password_rules: z.string(),
  })
  .meta({ id: 'Me' });
export type MeResponse = z.infer<typeof meResponseSchema>;

export const authResponseSchema = z
  .object({ success: z.literal(true), me: meResponseSchema })
  .meta({ id: 'AuthResponse' });
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const okResponseSchema = z.object({ success: z.literal(true) });

export const memberSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  role: workspaceRoleSchema,
  joined_at: z.string(),
});
export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: workspaceRoleSchema,
  created_at: z.string(),
  expires_at: z.string(),
  accepted_at: z.string().nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const membersResponseSchema = z
  .object({ success: z.literal(true), members: z.array(memberSchema), invitations: z.array(invitationSchema) })
  .meta({ id: 'WorkspaceMembers' });
export type MembersResponse = z.infer<typeof membersResponseSchema>;

export const changeMemberRoleRequestSchema = z.object({ role: workspaceRoleSchema }).meta({ id: 'ChangeMemberRoleRequest' });
export type ChangeMemberRoleRequest = z.infer<typeof changeMemberRoleRequestSchema>;

export const createInvitationRequestSchema = z
  .object({ email: emailSchema, role: workspaceRoleSchema.exclude(['owner']).default('analyst') })
  .meta({ id: 'CreateInvitationRequest' });
export const createInvitationResponseSchema = z
  .object({
    success: z.literal(true),
    invitation: invitationSchema,
    token: z.string().describe('Shown once: the invitee signs in (or signs up) and posts it to /api/invitations/accept'),
  })
  .meta({ id: 'CreateInvitationResponse' });
export type CreateInvitationResponse = z.infer<typeof createInvitationResponseSchema>;
export const acceptInvitationRequestSchema = z.object({ token: z.string().min(10, 'token: required').max(200) }).meta({ id: 'AcceptInvitationRequest' });

export const switchWorkspaceRequestSchema = z.object({ workspace_id: z.string().min(1).max(64) });

// ---- API keys -------------------------------------------------------------------------------

export const API_KEY_PREFIX = 'pg_';

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string().describe('The first characters of the secret, to recognise it (the secret itself is never shown again)'),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const createApiKeyRequestSchema = z
  .object({ name: z.string().trim().min(1, 'name: required').max(60, 'name: at most 60 characters') })
  .meta({ id: 'CreateApiKeyRequest' });
export type CreateApiKeyRequest = z.infer<typeof createApiKeyRequestSchema>;

export const createApiKeyResponseSchema = z
  .object({
    success: z.literal(true),
    key: apiKeySchema,
    secret: z.string().describe('pg_...: shown this once; only its hash is stored'),
  })
  .meta({ id: 'CreateApiKeyResponse' });
export type CreateApiKeyResponse = z.infer<typeof createApiKeyResponseSchema>;

export const apiKeyListResponseSchema = z
  .object({ success: z.literal(true), keys: z.array(apiKeySchema) })
  .meta({ id: 'ApiKeyList' });
export type ApiKeyListResponse = z.infer<typeof apiKeyListResponseSchema>;

export const idParamsSchema = z.object({ id: z.string().min(1).max(64) });

// ---- audit log ------------------------------------------------------------------------------

export const accountAuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.string().describe('The user\'s email, "api key <prefix>" or "local"'),
  action: z.string(),
  subject: z.string().nullable(),
});
export const auditLogResponseSchema = z
  .object({ success: z.literal(true), entries: z.array(accountAuditEntrySchema) })
  .meta({ id: 'AccountAuditLog' });
export type AuditLogResponse = z.infer<typeof auditLogResponseSchema>;
