import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { maskUrl } from '../../lib/log-redaction.js';
import type { OutboxRepository } from './repository.js';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** Links in a mail body (what the outbox logs and the file drop lists). */
export function linksIn(text: string): string[] {
  return text.match(/https?:\/\/[^\s<>"]+/g) ?? [];
}

export function smtpTransport(url: string): MailTransport {
  // Short timeouts: a request waits for the send, so a dead server must fail fast and clearly.
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail(mail);
    },
    close: () => transporter.close(),
  };
}

/**
 * No SMTP server: the mail is kept in the outbox table and its links are logged, so sign-up works
 * anywhere. The links carry confirmation and reset keys: with `logLinks` false (production) the
 * log shows them with the keys masked, and the mail itself stays in the outbox table.
 */
export function outboxTransport(
  repo: OutboxRepository,
  log: (details: { outboxId: number; to: string; subject: string; links: string[] }, msg: string) => void,
  { logLinks }: { logLinks: boolean },
): MailTransport {
  return {
    kind: 'outbox',
    async send(mail) {
      const outboxId = await repo.insert({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? null,
      });
      const links = linksIn(mail.text).map((link) => (logLinks ? link : maskUrl(link)));
      log(
        { outboxId, to: mail.to, subject: mail.subject, links },
        `mail kept in the outbox (no SMTP_URL): ${links.join(' ')}`,
      );
    },
    close: () => {},
  };
}

let dropSequence = 0;

/**
 * MAIL_OUTBOX_DIR: every mail also becomes `<time>-<n>-<random>.json` in that folder (written to
 * a temporary name and renamed, so a reader never sees half a file). Names sort by time.
 */
export async function dropMailFile(dir: string, mail: OutgoingMail, now: Date = new Date()): Promise<string> {
  await mkdir(dir, { recursive: true });
  dropSequence += 1;
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const name = `${stamp}-${String(dropSequence).padStart(6, '0')}-${randomBytes(4).toString('hex')}.json`;
  const body = JSON.stringify({ ...mail, links: linksIn(mail.text), createdAt: now.toISOString() }, null, 2);
  const temporary = path.join(dir, `.${name}.tmp`);
  await writeFile(temporary, body, 'utf8');
  await rename(temporary, path.join(dir, name));
  return name;
}
