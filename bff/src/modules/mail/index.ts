import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { publicAddress } from '../../config.js';
import { createOutboxRepository } from './repository.js';
import { createMailService, type MailService } from './service.js';
import { outboxTransport, smtpTransport } from './transports.js';

export type { MailService } from './service.js';
export * from './templates.js';

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailService;
  }
}

async function mailModule(fastify: FastifyInstance) {
  const { smtpUrl, from, outboxDir, logLinks } = fastify.config.mail;
  const transport =
    smtpUrl === ''
      ? outboxTransport(createOutboxRepository(fastify.db), (details, msg) => fastify.log.info(details, msg), {
          logLinks,
        })
      : smtpTransport(smtpUrl);
  const mail = createMailService({
    transport,
    from,
    outboxDir,
    onSent: (details) => fastify.log.info(details, 'mail sent'),
  });
  fastify.decorate('mail', mail);
  fastify.addHook('onClose', async () => mail.close());

  if (outboxDir !== '')
    fastify.log.warn({ outboxDir }, 'MAIL_OUTBOX_DIR: a copy of every mail is written to this folder (a testing aid)');
  if (smtpUrl !== '' && fastify.config.publicBaseUrl === '') {
    fastify.log.warn(
      { linkBase: publicAddress(fastify.config) },
      'SMTP_URL is set without PUBLIC_BASE_URL: links in mails point at PUBLIC_ORIGIN or the listening address; set PUBLIC_BASE_URL',
    );
  }
}

export default fp(mailModule, { name: 'mail', dependencies: ['db', 'config'] });
