// Reads the mails the e2e BFF writes to MAIL_OUTBOX_DIR (one JSON file per mail; see bff/README.md).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { e2eEnv } from './env';

export interface Mail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  createdAt: string;
  /** The file it was read from; names sort by time. */
  file: string;
}

/** The link purposes the BFF mails (`action=` of the confirm page). */
export type MailAction = 'signup_confirm' | 'change_password' | 'change_email';

function readMail(file: string): Mail | undefined {
  try {
    return { ...(JSON.parse(readFileSync(path.join(e2eEnv.mailDir, file), 'utf8')) as Omit<Mail, 'file'>), file };
  } catch {
    return undefined; // files are renamed into place whole, but be safe
  }
}

/** The newest mail to `to` that passes `filter`, if any (newest first by file name). */
export function newestMail(to: string, filter: (mail: Mail) => boolean = () => true): Mail | undefined {
  if (!existsSync(e2eEnv.mailDir)) return undefined;
  const files = readdirSync(e2eEnv.mailDir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .reverse();
  for (const file of files) {
    const mail = readMail(file);
    if (mail && mail.to.toLowerCase() === to.toLowerCase() && filter(mail)) return mail;
  }
  return undefined;
}

/** The link of `action` in a mail, or undefined. */
export function linkOf(mail: Mail | undefined, action: MailAction): string | undefined {
  return mail?.links.find((link) => link.includes(`action=${action}`));
}

/**
 * Waits for the newest mail to `to` holding a link of `action` (written after `newerThan`, when
 * given) and returns that link.
 */
export async function waitForLink(to: string, action: MailAction, newerThan?: Mail): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        link = linkOf(
          newestMail(to, (mail) => (!newerThan || mail.file > newerThan.file) && linkOf(mail, action) !== undefined),
          action,
        );
        return link;
      },
      { message: `a ${action} mail to ${to}`, timeout: 10_000 },
    )
    .toBeDefined();
  return link!;
}

/** The query of a mailed confirm link (`…/#/confirm?serial_id&key&action`). */
export function confirmQuery(link: string): { serial_id: string; key: string; action: string } {
  const url = new URL(link);
  const query = new URLSearchParams(url.hash.slice(url.hash.indexOf('?') + 1));
  return { serial_id: query.get('serial_id') ?? '', key: query.get('key') ?? '', action: query.get('action') ?? '' };
}
