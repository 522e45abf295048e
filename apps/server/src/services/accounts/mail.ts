import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/** A message to one address. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** How account mail leaves the server. This build has no mail server: ConsoleMailTransport. */
export interface MailTransport {
  send(message: MailMessage): Promise<void>;
}

/**
 * Prints each message on the console (the server's standard output) and, with MAIL_OUTBOX_DIR, also
 * writes it there as a file (the browser tests read their sign-up link from it). Replace it with a
 * real transport (SMTP, an email API) to send mail.
 */
export class ConsoleMailTransport implements MailTransport {
  constructor(private readonly options: { outboxDir?: string | undefined; print?: (text: string) => void } = {}) {}

  async send(message: MailMessage): Promise<void> {
    const text = `To: ${message.to}\nSubject: ${message.subject}\n\n${message.text}\n`;
    (this.options.print ?? ((line: string) => console.log(line)))(`\n---- mail (no mail transport configured: printed here) ----\n${text}---- end of mail ----\n`);
    if (this.options.outboxDir) {
      await mkdir(this.options.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.txt`;
      await writeFile(path.join(this.options.outboxDir, name), text, { mode: 0o600 });
    }
  }
}
