import type { MailContent } from './templates.js';
import { dropMailFile, type MailTransport } from './transports.js';

export interface MailDeps {
  transport: MailTransport;
  from: string;
  /** '' = no file drop. */
  outboxDir: string;
  onSent?: (details: { to: string; subject: string; transport: string }) => void;
}

/** Sends mail through the configured transport; throws when it could not be handed over. */
export function createMailService({ transport, from, outboxDir, onSent }: MailDeps) {
  return {
    transportKind: transport.kind,

    async send(to: string, content: MailContent): Promise<void> {
      const mail = { from, to, subject: content.subject, text: content.text, html: content.html };
      await transport.send(mail);
      if (outboxDir !== '') await dropMailFile(outboxDir, mail);
      onSent?.({ to, subject: content.subject, transport: transport.kind });
    },

    close: () => transport.close(),
  };
}

export type MailService = ReturnType<typeof createMailService>;
