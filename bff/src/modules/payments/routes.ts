import { httpStatusFor } from '@portal/contracts';
import { EmptyRequest } from '@portal/contracts/schemas';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { DomainError } from '../../lib/domain-error.js';
import type { EpayParams } from './epay.js';
import { payPage, resultPage, SANDBOX_STYLESHEET, type ResultPageView } from './sandbox-page.js';
import {
  EPAY_NOTIFY_PREFIX,
  PLATFORM_NOT_CONFIGURED,
  SANDBOX,
  SANDBOX_DECIDE_PATH,
  SANDBOX_GATEWAY_PATH,
  SANDBOX_SUBMIT_PATH,
  type PaymentsModuleService,
} from './service.js';

/** Notifies and the sandbox form are a few hundred bytes. */
const FORM_BODY_LIMIT = 16 * 1024;
/** payment.refused is sent at most once per platform and reason in this window. */
const REFUSAL_ALERT_WINDOW_MS = 10 * 60_000;
const MAX_FIELD_LENGTH = 2048;

/** Gateways post forms; Fastify parses JSON only. */
function acceptForms(scope: FastifyInstance) {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
}

/** The string fields of a query or body (anything else is not epay). */
function stringFields(value: unknown): EpayParams {
  const fields: EpayParams = {};
  if (typeof value !== 'object' || value === null) return fields;
  for (const [name, field] of Object.entries(value)) {
    if (typeof field === 'string' && name.length <= 64 && field.length <= MAX_FIELD_LENGTH) fields[name] = field;
  }
  return fields;
}

function sendText(reply: FastifyReply, status: number, text: string) {
  return reply.code(status).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(text);
}

/**
 * `same-origin`, not `no-referrer`: with no-referrer Chromium sends `Origin: null` on the page's
 * own form POST, which the origin check refuses. The signed address still never leaves the site.
 */
function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'same-origin')
    .type('text/html; charset=utf-8')
    .send(html);
}

function sendResult(reply: FastifyReply, status: number, view: ResultPageView) {
  return sendPage(reply, status, resultPage(view));
}

function clientErrorStatus(error: FastifyError): number | undefined {
  if (error instanceof DomainError) return httpStatusFor(error.code);
  const status = error.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}

/**
 * Epay notifies: GET or POST (form or query) from the gateways' servers, without our session or an
 * Origin, hence public and outside the envelope. Authenticated by the platform's md5 signature;
 * answered `success` or `fail` in plain text. Notifies only ever pay (idempotently): the exception
 * to "no GET changes state", as gateways send them by GET.
 */
async function notifyRoutes(scope: FastifyInstance, payments: PaymentsModuleService) {
  acceptForms(scope);
  scope.setErrorHandler((error: FastifyError, request, reply) => {
    const status = clientErrorStatus(error);
    if (status === undefined) request.log.error({ err: error }, 'payment notify failed');
    return sendText(reply, status ?? 500, 'fail');
  });

  scope.route<{ Params: { platform: string } }>({
    method: ['GET', 'POST'],
    url: `${EPAY_NOTIFY_PREFIX}:platform`,
    bodyLimit: FORM_BODY_LIMIT,
    config: { access: 'public', envelope: false },
    handler: async (request, reply) => {
      const { platform } = request.params;
      const params = { ...stringFields(request.query), ...stringFields(request.body) };
      const result = await payments.epayNotify(platform, params);
      const details = {
        platform: platform.slice(0, 32),
        outTradeNo: (params.out_trade_no ?? '').slice(0, 64),
        method: request.method,
      };
      if (result.reply === 'success') {
        request.log.info({ ...details, outcome: result.outcome }, 'payment notify accepted');
        return sendText(reply, 200, 'success');
      }
      request.log.warn({ ...details, reason: result.reason }, 'payment notify refused');
      // For a configured platform only, and once per platform and reason in ten minutes: a flood
      // of forged notifies is one alert, and an address nobody configured is none.
      if (result.reason !== PLATFORM_NOT_CONFIGURED) {
        const window = Math.floor(Date.now() / REFUSAL_ALERT_WINDOW_MS);
        await scope.notifications
          .emit({
            event: 'payment.refused',
            data: { provider: details.platform, tradeId: details.outTradeNo, reason: result.reason },
            dedupeKey: `payment.refused:${details.platform}:${result.reason}:${window}`,
          })
          .catch((err: unknown) => request.log.error({ err }, 'payment.refused could not be written'));
      }
      return sendText(reply, 400, 'fail');
    },
  });
}

/** The sandbox's result when the payment became shop credit instead of paying its order. */
export const SANDBOX_CREDITED_TITLE = '已支付，款项已存入购物余额';
const INVALID_REQUEST: ResultPageView = {
  title: '支付请求无效',
  message: '链接不完整或已被修改，请回到商户重新发起支付。',
  tone: 'error',
};
const SANDBOX_OFF: ResultPageView = {
  title: '沙箱支付已关闭',
  message: '本站已不再使用沙箱支付，请回到商户重新发起支付。',
  tone: 'error',
};

/**
 * The sandbox gateway: the pay page a submit request opens (GET, changes nothing) and the payer's
 * decision (a same-origin form POST under /api/, so the origin check applies). Approval sends the
 * signed notify through the very notify route an external gateway calls.
 */
async function sandboxRoutes(scope: FastifyInstance, payments: PaymentsModuleService) {
  acceptForms(scope);
  scope.setErrorHandler((error: FastifyError, request, reply) => {
    const status = clientErrorStatus(error);
    if (status === undefined) request.log.error({ err: error }, 'sandbox gateway failed');
    const message = error instanceof DomainError ? error.message : '请稍后重试。';
    return sendResult(reply, status ?? 500, { title: '出错了', message, tone: 'error' });
  });

  // Public: the gateway's pages are opened by whoever pays, on any device, without our session.
  const config = { access: 'public', envelope: false } as const;

  scope.get(`${SANDBOX_GATEWAY_PATH}page.css`, { config }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/css; charset=utf-8').send(SANDBOX_STYLESHEET),
  );

  scope.get(SANDBOX_SUBMIT_PATH, { config }, async (request: FastifyRequest, reply) => {
    const check = await payments.sandboxRequest(stringFields(request.query));
    if (!check.ok)
      return sendResult(
        reply,
        check.reason === 'disabled' ? 403 : 400,
        check.reason === 'disabled' ? SANDBOX_OFF : INVALID_REQUEST,
      );
    // The QR opens this very page on a phone.
    const selfUrl = `${request.protocol}://${request.host}${request.url}`;
    const qrSvg = await QRCode.toString(selfUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return sendPage(reply, 200, payPage({ params: check.params, qrSvg }));
  });

  scope.post(SANDBOX_DECIDE_PATH, { config, bodyLimit: FORM_BODY_LIMIT }, async (request, reply) => {
    const { decision, ...fields } = stringFields(request.body);
    const check = await payments.sandboxRequest(fields);
    if (!check.ok)
      return sendResult(
        reply,
        check.reason === 'disabled' ? 403 : 400,
        check.reason === 'disabled' ? SANDBOX_OFF : INVALID_REQUEST,
      );
    const returnUrl = check.params.return_url;
    if (decision === 'decline') {
      return sendResult(reply, 200, {
        title: '已拒绝支付',
        message: '本次支付已取消，订单仍未支付，可回到商户重新选择支付方式。',
        tone: 'declined',
        returnUrl,
      });
    }
    if (decision !== 'approve') return sendResult(reply, 400, INVALID_REQUEST);

    // Delivered like a gateway's server would: a form POST to the notify route, through its checks.
    const notify = await payments.sandboxNotify(check.params);
    const answer = await scope.inject({
      method: 'POST',
      url: `${EPAY_NOTIFY_PREFIX}${SANDBOX}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(notify).toString(),
    });
    if (answer.body === 'success') {
      // The money may have gone to the buyer's shop credit (the order closed or changed meanwhile):
      // the payer is told so, not that the order was paid.
      const note = await payments.creditNote(scope.db, check.params.out_trade_no ?? '');
      if (note !== undefined) {
        return sendResult(reply, 200, {
          title: SANDBOX_CREDITED_TITLE,
          message: `已支付 ¥${check.params.money ?? ''}。${note}。`,
          tone: 'success',
          returnUrl,
        });
      }
      return sendResult(reply, 200, {
        title: '支付成功',
        message: `已支付 ¥${check.params.money ?? ''}，商户已确认收款。`,
        tone: 'success',
        returnUrl,
      });
    }
    request.log.warn(
      { outTradeNo: check.params.out_trade_no, status: answer.statusCode },
      'sandbox notify was refused',
    );
    return sendResult(reply, 502, {
      title: '支付失败',
      message: '商户未确认本次支付（订单可能已取消或金额已变化），请回到商户重新发起支付。',
      tone: 'error',
      returnUrl,
    });
  });
}

export async function paymentsRoutes(fastify: FastifyInstance, payments: PaymentsModuleService) {
  // The shop offers only the methods that can take a payment now (the rest would answer 1108).
  fastify.post('/api/shop/pay_modes', {
    config: { access: 'user', payload: EmptyRequest },
    handler: async (_request, reply) => reply.envelope(await payments.enabledModes()),
  });
  // Own scopes: plain-text and HTML answers instead of envelopes, and form bodies.
  await fastify.register(async (scope) => notifyRoutes(scope, payments));
  await fastify.register(async (scope) => sandboxRoutes(scope, payments));
}
