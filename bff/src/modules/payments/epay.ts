import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * The epay ("易支付") protocol that feifei, yi, zhifubuluo, openx and our own sandbox speak:
 * a signed submit.php request that opens the gateway's pay page, and a signed notify the gateway
 * sends back (GET or POST) and that we answer with the plain text `success`.
 */

export type EpayParams = Record<string, string>;

/** An epay merchant account on a gateway. */
export interface EpayAccount {
  /** Base URL; submit.php lives under it. */
  gateway: string;
  pid: string;
  key: string;
}

export const EPAY_SUCCESS_STATUS = 'TRADE_SUCCESS';

/**
 * What the gateway signs: non-empty parameters but sign and sign_type, sorted by name, `k=v` joined
 * by `&`. Nothing is escaped, so the string alone does not say where a value ends: a submit whose
 * return_url carries `&trade_no=…&trade_status=TRADE_SUCCESS` signs the very string of a notify
 * with those fields. checkEpayNotify therefore refuses what a notify cannot honestly carry (the
 * submit's own keys, and `&` in a value), and epaySubmitParams puts no `&` or `=` in the names it sends.
 */
export function epaySigningString(params: EpayParams): string {
  return Object.keys(params)
    .filter((name) => name !== 'sign' && name !== 'sign_type' && params[name] !== '')
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('&');
}

/** md5 of the signing string with the key appended, lower-case hex. */
export function epaySign(params: EpayParams, key: string): string {
  return createHash('md5')
    .update(`${epaySigningString(params)}${key}`, 'utf8')
    .digest('hex');
}

/** The parameters with their signature; the md5 is compared in constant time on the way back. */
export function withEpaySign(params: EpayParams, key: string): EpayParams {
  return { ...params, sign: epaySign(params, key), sign_type: 'MD5' };
}

export function hasValidEpaySign(params: EpayParams, key: string): boolean {
  const given = Buffer.from((params.sign ?? '').toLowerCase(), 'utf8');
  const expected = Buffer.from(epaySign(params, key), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Cents as epay's `money`: yuan with two decimals. */
export function formatYuan(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** epay's `money` back to cents; undefined for anything but a plain amount with at most two decimals. */
export function parseYuan(money: string): number | undefined {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(money);
  if (match === null) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** The submit.php request of an order: the address the browser opens to pay. */
export interface EpayRequest {
  type: 'alipay' | 'wxpay';
  outTradeNo: string;
  notifyUrl: string;
  returnUrl: string;
  name: string;
  amountCents: number;
}

/** Keys only a submit carries: every submit signs `notify_url=…`, which no notify may then reproduce. */
const SUBMIT_ONLY_KEYS = ['notify_url', 'return_url'] as const;

/** A product name for the gateway's page with `&` and `=` as their full-width forms (the notify echoes it back). */
function plainName(name: string): string {
  return name.replaceAll('&', '＆').replaceAll('=', '＝');
}

export function epaySubmitParams(account: EpayAccount, request: EpayRequest): EpayParams {
  return withEpaySign(
    {
      pid: account.pid,
      type: request.type,
      out_trade_no: request.outTradeNo,
      notify_url: request.notifyUrl,
      return_url: request.returnUrl,
      name: plainName(request.name),
      money: formatYuan(request.amountCents),
    },
    account.key,
  );
}

export function epaySubmitUrl(account: EpayAccount, request: EpayRequest): string {
  const url = new URL('submit.php', account.gateway.endsWith('/') ? account.gateway : `${account.gateway}/`);
  url.search = new URLSearchParams(epaySubmitParams(account, request)).toString();
  return url.toString();
}

/** The alipay scheme link that opens a pay page inside the Alipay app. */
export function alipaySchemeLink(payurl: string): string {
  return `alipays://platformapi/startapp?appId=20000067&url=${encodeURIComponent(payurl)}`;
}

/** A notify the signature, status and merchant checks accepted; the amount is checked at settlement. */
export interface EpayNotify {
  tradeId: string;
  /** The gateway's own transaction number. */
  tradeNo: string;
  paidCents: number;
}

export type EpayNotifyCheck = { ok: true; notify: EpayNotify } | { ok: false; reason: string };

/** Checks a notify against the merchant account it was addressed to (the platform in the URL). */
export function checkEpayNotify(params: EpayParams, account: Pick<EpayAccount, 'pid' | 'key'>): EpayNotifyCheck {
  // Before the signature: a submit's signature (the buyer has it in the pay link) must not pass for a notify.
  if (SUBMIT_ONLY_KEYS.some((name) => name in params)) return { ok: false, reason: 'a submit parameter in a notify' };
  if (Object.entries(params).some(([name, value]) => !/^[a-z0-9_]+$/.test(name) || value.includes('&')))
    return { ok: false, reason: 'a parameter the signing string cannot tell apart' };
  if (account.key === '' || !hasValidEpaySign(params, account.key)) return { ok: false, reason: 'bad signature' };
  if (params.trade_status !== EPAY_SUCCESS_STATUS)
    return { ok: false, reason: `trade_status ${(params.trade_status ?? '(none)').slice(0, 32)}` };
  if (params.pid !== account.pid) return { ok: false, reason: 'pid is not the merchant of this platform' };
  const paidCents = parseYuan(params.money ?? '');
  if (paidCents === undefined) return { ok: false, reason: 'money is not an amount' };
  const tradeId = params.out_trade_no ?? '';
  const tradeNo = params.trade_no ?? '';
  if (tradeId === '' || tradeNo === '') return { ok: false, reason: 'out_trade_no or trade_no missing' };
  return { ok: true, notify: { tradeId, tradeNo, paidCents } };
}

/**
 * The gateway's order-query interface (epay `api.php?act=order`), for trades whose notify never
 * came. The merchant key travels in the query, as the interface defines it: HTTPS gateways only
 * in production.
 */
export function epayOrderQueryUrl(account: EpayAccount, outTradeNo: string): string {
  const url = new URL('api.php', account.gateway.endsWith('/') ? account.gateway : `${account.gateway}/`);
  url.search = new URLSearchParams({
    act: 'order',
    pid: account.pid,
    key: account.key,
    out_trade_no: outTradeNo,
  }).toString();
  return url.toString();
}

export interface EpayOrderAnswer {
  paid: boolean;
  tradeNo: string;
  paidCents: number;
}

/** The query's JSON answer about `outTradeNo`; undefined when it is not a clear answer about that trade. */
export function parseEpayOrderAnswer(body: unknown, outTradeNo: string, pid: string): EpayOrderAnswer | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const b = body as Record<string, unknown>;
  if (String(b.code) !== '1' || String(b.out_trade_no ?? '') !== outTradeNo) return undefined;
  if (b.pid !== undefined && String(b.pid) !== pid) return undefined;
  const paidCents = parseYuan(String(b.money ?? ''));
  const tradeNo = String(b.trade_no ?? '');
  if (paidCents === undefined || tradeNo === '' || tradeNo.length > 64) return undefined;
  return { paid: String(b.status) === '1', tradeNo, paidCents };
}
