import { PRODUCT_NAME } from '@portal/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { escapeHtml } from '../../lib/html.js';
import type { MailContent, MailService } from '../mail/index.js';
import type { SettingsService } from '../settings/index.js';
import type { TicketEvent } from './service.js';

/** The longest part of a user's text quoted in the mail (the rest is on the page). */
const QUOTE_MAX = 500;

const quote = (value: string) => (value.length > QUOTE_MAX ? `${value.slice(0, QUOTE_MAX)}…` : value);

/**
 * The mail to the support address: who, which ticket, what they wrote and the link to /feedback.
 * The user's words go into the HTML part escaped, so markup in a ticket stays text there too.
 */
export function ticketMail(event: TicketEvent): MailContent {
  const heading = event.kind === 'created' ? '新工单' : '工单有新回复';
  const link = `${event.linkBase}/#/feedback`;
  const body = quote(event.text);
  const text =
    `${heading}\n\n用户：${event.userEmail}\n标题：${event.title}\n\n${body}\n\n` +
    `请到工单页面处理：\n${link}\n\n${PRODUCT_NAME}`;
  const html =
    `<p>${escapeHtml(heading)}</p>` +
    `<p>用户：${escapeHtml(event.userEmail)}<br>标题：${escapeHtml(event.title)}</p>` +
    `<p style="white-space:pre-wrap">${escapeHtml(body)}</p>` +
    `<p><a href="${escapeHtml(link)}">请到工单页面处理</a></p><p>${escapeHtml(PRODUCT_NAME)}</p>`;
  return { subject: `${heading}：${quote(event.title)} - ${PRODUCT_NAME}`, text, html };
}

/**
 * Mails ticket events to the `supportEmail` setting when one is set. It runs after the user's
 * call has answered: a slow or failing mail server never fails the ticket, it is logged.
 * `settled()` waits for the mails still on their way (closing the app, tests).
 */
export function createTicketNotifier(deps: { mail: MailService; settings: SettingsService; log: FastifyBaseLogger }) {
  const { mail, settings, log } = deps;
  const inFlight = new Set<Promise<void>>();

  async function send(event: TicketEvent): Promise<void> {
    const to = await settings.get('supportEmail');
    if (to === '') return;
    await mail.send(to, ticketMail(event));
  }

  return {
    notify(event: TicketEvent): void {
      const pending = send(event).catch((err: unknown) =>
        log.warn({ err, ticketId: event.ticketId, kind: event.kind }, 'ticket notification mail not sent'),
      );
      inFlight.add(pending);
      void pending.finally(() => inFlight.delete(pending));
    },
    async settled(): Promise<void> {
      await Promise.all([...inFlight]);
    },
  };
}

export type TicketNotifier = ReturnType<typeof createTicketNotifier>;
