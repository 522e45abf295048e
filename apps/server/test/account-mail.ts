import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { AppContext } from '../src/services/app-context.ts';
import type { MailMessage, MailTransport } from '../src/services/accounts/mail.ts';

/** Keeps the account mail the app sends (instead of printing it), for tests to follow its links. */
export class RecordingMailTransport implements MailTransport {
  readonly sent: MailMessage[] = [];

  async send(message: MailMessage): Promise<void> {
    this.sent.push(message);
  }

  /** The last message to `email`. */
  lastTo(email: string): MailMessage | undefined {
    return this.sent.filter((message) => message.to === email).at(-1);
  }

  /** The token of the last link to `email` with `?name=`. */
  tokenTo(email: string, name: 'signup_token' | 'reset_token'): string | null {
    const match = new RegExp(`[?&]${name}=([A-Za-z0-9_-]+)`).exec(this.lastTo(email)?.text ?? '');
    return match?.[1] ?? null;
  }
}

/** Records the app's account mail from now on (the shared test app keeps the recorder). */
export function recordAccountMail(context: AppContext): RecordingMailTransport {
  if (context.accounts.mail instanceof RecordingMailTransport) return context.accounts.mail;
  const recorder = new RecordingMailTransport();
  context.accounts.mail = recorder;
  return recorder;
}

/**
 * Signs up as a person does: asks for the account, then follows the link of the message it was sent.
 * Returns the confirmation's answer (200 with the session cookie), or the request's when it fails.
 */
export async function signUpThroughMail(app: FastifyInstance, context: AppContext, body: { email: string; password: string; workspace_name: string }): Promise<LightMyRequestResponse> {
  const mail = recordAccountMail(context);
  const requested = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: body });
  if (requested.statusCode !== 200) return requested;
  const token = mail.tokenTo(body.email.trim().toLowerCase(), 'signup_token');
  if (!token) throw new Error(`no sign-up link was mailed to ${body.email}`);
  return app.inject({ method: 'POST', url: '/api/auth/signup/confirm', payload: { token } });
}
