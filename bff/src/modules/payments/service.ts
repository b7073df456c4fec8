import { Codes, payModes, thirdPayPlatforms, type PayMode } from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { DomainError } from '../../lib/domain-error.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { randomHex } from '../../lib/random.js';
import type { SettingsService, SettingValue } from '../settings/index.js';
import {
  alipaySchemeLink,
  checkEpayNotify,
  epayOrderQueryUrl,
  epaySubmitUrl,
  parseEpayOrderAnswer,
  hasValidEpaySign,
  withEpaySign,
  EPAY_SUCCESS_STATUS,
  type EpayAccount,
  type EpayParams,
} from './epay.js';
import { OPEN_USDT_AMOUNT_INDEX, paymentsRepository, type PaymentsRepository } from './repository.js';
import type { PaymentsService, PaymentStarted, SettleOutcome, SettleTrade, TradeToPay } from './types.js';
import { firstFreeMilli, USDT_UNIQUE_STEPS, usdtBaseMilli } from './usdt.js';

/** The built-in gateway: speaks epay under this name, with a key made once per installation. */
export const SANDBOX = 'sandbox';
export const SANDBOX_PID = '1000';
export const SANDBOX_GATEWAY_PATH = '/api/pay/sandbox/';
export const SANDBOX_SUBMIT_PATH = `${SANDBOX_GATEWAY_PATH}submit.php`;
export const SANDBOX_DECIDE_PATH = `${SANDBOX_GATEWAY_PATH}decide`;
export const EPAY_NOTIFY_PREFIX = '/api/pay/notify/epay/';
/** The refusal of a notify addressed to a platform nobody configured (no alert: anyone can send one). */
export const PLATFORM_NOT_CONFIGURED = 'platform not configured';

type PayProvider = SettingValue<'alipay'>;
type ThirdPayPlatform = (typeof thirdPayPlatforms)[number];
/** The epay_platforms setting (its TypeBox type is a partial record, which TypeScript sees as {}). */
type EpayPlatforms = Partial<Record<ThirdPayPlatform, EpayAccount>>;

const PAY_METHOD_KEYS = ['alipay', 'wxpay', 'urlscheme'] as const;
const EPAY_KEYS = [...PAY_METHOD_KEYS, 'epay_platforms', 'notify_url'] as const;
const USDT_KEYS = ['usdtpay', 'exchange_rate', 'usdtCheckTime'] as const;
const ENABLED_KEYS = [...PAY_METHOD_KEYS, 'epay_platforms', 'usdtpay'] as const;
/** The order query goes over HTTPS, or to this machine (local gateways in tests). */
function isSafeQueryGateway(gateway: string): boolean {
  try {
    const url = new URL(gateway);
    return url.protocol === 'https:' || ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  } catch {
    return false;
  }
}

/** A trade still open this long after it was made is asked about at the gateway. */
export const RECONCILE_AFTER_MS = 3 * 60_000;
/** Our trade ids have 24 characters and gateways' numbers are short: longer ones are refused before any lookup. */
const MAX_ID_LENGTH = 64;

/** Answers to a notify: the reply text for the gateway, and why it was refused. */
export type NotifyResult = { reply: 'success'; outcome: SettleOutcome } | { reply: 'fail'; reason: string };

/** A sandbox submit request that carries our own signature. */
export type SandboxRequestCheck = { ok: true; params: EpayParams } | { ok: false; reason: 'disabled' | 'bad_request' };

export interface PaymentsDeps {
  settings: SettingsService;
  settle: SettleTrade;
  repo?: PaymentsRepository;
}

const unavailable = () => new DomainError(Codes.PAY_MODE_UNAVAILABLE);

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

function isThirdPayPlatform(name: string): name is ThirdPayPlatform {
  return (thirdPayPlatforms as readonly string[]).includes(name);
}

function configured(account: EpayAccount | undefined): account is EpayAccount {
  return account !== undefined && account.gateway !== '' && account.pid !== '' && account.key !== '';
}

/** The merchant account a provider setting pays through; undefined when it cannot take payments. */
function epayAccountOf(
  provider: PayProvider,
  platforms: EpayPlatforms,
  sandbox: () => EpayAccount,
): EpayAccount | undefined {
  if (provider === 'off') return undefined;
  const account = provider === SANDBOX ? sandbox() : platforms[provider];
  return configured(account) ? account : undefined;
}

/**
 * The payment providers behind one interface. Which one serves a pay mode is a setting read on
 * every call: the sandbox, an epay platform or off for alipay / wxpay / urlscheme; USDT-TRC20 when
 * an address is set. Proved payments go to `settle` (fulfilment), which pays the order once.
 */
export function createPaymentsService({ settings, settle, repo = paymentsRepository }: PaymentsDeps) {
  let sandboxKey: string | undefined;

  /** Made (or read) by `init`, outside any transaction: a key written inside one that rolls back would be lost. */
  function sandboxSecret(): string {
    if (sandboxKey === undefined) throw new Error('payments: init() has not run');
    return sandboxKey;
  }

  async function sandboxEnabled(): Promise<boolean> {
    const methods = await settings.getMany(PAY_METHOD_KEYS);
    return PAY_METHOD_KEYS.some((key) => methods[key] === SANDBOX);
  }

  /** The merchant account a notify addressed to `platform` is checked against; undefined when there is none. */
  async function notifyAccount(platform: string): Promise<Pick<EpayAccount, 'pid' | 'key'> | undefined> {
    if (platform === SANDBOX) return (await sandboxEnabled()) ? { pid: SANDBOX_PID, key: sandboxSecret() } : undefined;
    if (!isThirdPayPlatform(platform)) return undefined;
    const account = ((await settings.get('epay_platforms')) as EpayPlatforms)[platform];
    return configured(account) ? account : undefined;
  }

  async function epayStart(tx: Db, trade: TradeToPay, provider: PayProvider, scheme: boolean): Promise<PaymentStarted> {
    const s = await settings.getMany(EPAY_KEYS);
    const sandbox = () => ({
      gateway: `${trade.baseUrl}${SANDBOX_GATEWAY_PATH}`,
      pid: SANDBOX_PID,
      key: sandboxSecret(),
    });
    const account = epayAccountOf(provider, s.epay_platforms as EpayPlatforms, sandbox);
    if (account === undefined) throw unavailable();
    const notifyBase = withoutTrailingSlash(s.notify_url === '' ? trade.baseUrl : s.notify_url);
    const payurl = epaySubmitUrl(account, {
      type: trade.payMode === 'wxpay' ? 'wxpay' : 'alipay',
      outTradeNo: trade.id,
      notifyUrl: `${notifyBase}${EPAY_NOTIFY_PREFIX}${provider}`,
      returnUrl: trade.returnUrl,
      name: trade.subject.slice(0, 64),
      amountCents: trade.amountCents,
    });
    await repo.setProvider(tx, trade.id, provider);
    return scheme
      ? { provider, payurl, qrcode: payurl, urlscheme: alipaySchemeLink(payurl) }
      : { provider, payurl, qrcode: payurl };
  }

  async function usdtStart(tx: Db, trade: TradeToPay): Promise<PaymentStarted> {
    const s = await settings.getMany(USDT_KEYS);
    if (s.usdtpay === '') throw unavailable();
    const base = usdtBaseMilli(trade.amountCents, s.exchange_rate);
    // Amounts lost to concurrent trades: their holders may not have committed yet, so a fresh look can miss them.
    const lost = new Set<number>();
    for (;;) {
      const taken = new Set([...lost, ...(await repo.openUsdtAmounts(tx, base, base + USDT_UNIQUE_STEPS - 1))]);
      const milli = firstFreeMilli(base, taken);
      // Every amount near this price is held by an open trade: busy, try again later.
      if (milli === undefined) throw unavailable();
      try {
        // A savepoint, so that losing the amount to a concurrent trade does not abort the caller's transaction.
        await tx.transaction((sp) =>
          repo.assignUsdt(sp, trade.id, { milli, address: s.usdtpay, minutes: s.usdtCheckTime }),
        );
        return { provider: 'usdt', usdtAddress: s.usdtpay, usdtAmountMilli: milli, qrcode: s.usdtpay };
      } catch (error) {
        if (!isUniqueViolation(error, OPEN_USDT_AMOUNT_INDEX)) throw error;
        lost.add(milli);
      }
    }
  }

  const service = {
    /** Makes the sandbox key on the first start of an installation (once across instances), or reads it. */
    async init(): Promise<void> {
      sandboxKey ??= await settings.initOnce('sandbox_pay_key', () => randomHex(32));
    },

    /** The pay modes `start` can serve now, in the order of `payModes` (what the shop offers). */
    async enabledModes(): Promise<PayMode[]> {
      const s = await settings.getMany(ENABLED_KEYS);
      const platforms = s.epay_platforms as EpayPlatforms;
      // The sandbox's gateway address depends on the request; any non-empty one shows it is usable.
      const sandbox = () => ({ gateway: SANDBOX_GATEWAY_PATH, pid: SANDBOX_PID, key: sandboxSecret() });
      return payModes.filter((mode) =>
        mode === 'usdt' ? s.usdtpay !== '' : epayAccountOf(s[mode], platforms, sandbox) !== undefined,
      );
    },

    async start(tx: Db, trade: TradeToPay): Promise<PaymentStarted> {
      if (trade.payMode === 'usdt') return usdtStart(tx, trade);
      const methods = await settings.getMany(PAY_METHOD_KEYS);
      return epayStart(tx, trade, methods[trade.payMode], trade.payMode === 'urlscheme');
    },

    /** A notify of an epay gateway (or the sandbox) addressed to `platform`: verified, then settled. */
    async epayNotify(platform: string, params: EpayParams): Promise<NotifyResult> {
      const account = await notifyAccount(platform);
      if (account === undefined) return { reply: 'fail', reason: PLATFORM_NOT_CONFIGURED };
      const check = checkEpayNotify(params, account);
      if (!check.ok) return { reply: 'fail', reason: check.reason };
      const { tradeId, tradeNo, paidCents } = check.notify;
      if (tradeId.length > MAX_ID_LENGTH || tradeNo.length > MAX_ID_LENGTH)
        return { reply: 'fail', reason: 'trade number too long' };
      const outcome = await settle({ tradeId, paidCents, provider: platform, externalId: tradeNo });
      if (outcome === 'paid' || outcome === 'already_paid' || outcome === 'credited_to_wallet')
        return { reply: 'success', outcome };
      return { reply: 'fail', reason: outcome };
    },

    /** The sandbox gateway's check of a submit request: enabled, and signed with its key for its merchant. */
    async sandboxRequest(params: EpayParams): Promise<SandboxRequestCheck> {
      if (!(await sandboxEnabled())) return { ok: false, reason: 'disabled' };
      if (params.pid !== SANDBOX_PID || !hasValidEpaySign(params, sandboxSecret()))
        return { ok: false, reason: 'bad_request' };
      return { ok: true, params };
    },

    /** The notify the sandbox gateway sends when the payer approves a checked request. */
    async sandboxNotify(request: EpayParams): Promise<EpayParams> {
      return withEpaySign(
        {
          pid: SANDBOX_PID,
          trade_no: `SANDBOX${request.out_trade_no ?? ''}`,
          out_trade_no: request.out_trade_no ?? '',
          type: request.type ?? '',
          name: request.name ?? '',
          money: request.money ?? '',
          trade_status: EPAY_SUCCESS_STATUS,
        },
        sandboxSecret(),
      );
    },

    /** Why a paid trade's money went to shop credit instead of its order; undefined when it paid its order (or is unknown). */
    async creditNote(db: Db, tradeId: string): Promise<string | undefined> {
      const note = await repo.tradeNote(db, tradeId);
      return note === undefined || note === '' ? undefined : note;
    },

    /** Whether the sandbox serves any pay method (it pays orders without money: production must turn it off). */
    sandboxEnabled,

    /**
     * Payments whose notify never came: asks each configured epay platform's order-query interface
     * about its trades still open `RECONCILE_AFTER_MS` after they were made (and not expired over an
     * hour ago), and settles the paid ones through the same path as a notify (once, whatever else
     * runs). A gateway that does not answer is skipped until the next round.
     */
    async reconcileEpay(db: Db, fetchImpl: typeof fetch = fetch): Promise<{ checked: number; settled: number }> {
      const platforms = (await settings.get('epay_platforms')) as EpayPlatforms;
      const names = thirdPayPlatforms.filter((name) => configured(platforms[name]));
      const now = Date.now();
      const due = await repo.unsettledEpayTrades(
        db,
        names,
        new Date(now - RECONCILE_AFTER_MS),
        new Date(now - 3_600_000),
      );
      let settled = 0;
      for (const trade of due) {
        const account = platforms[trade.provider as ThirdPayPlatform]!;
        // The answer is unsigned and the query carries the merchant key: HTTPS only (loopback aside, for tests).
        if (!isSafeQueryGateway(account.gateway)) continue;
        let answer;
        try {
          const response = await fetchImpl(epayOrderQueryUrl(account, trade.id), { signal: AbortSignal.timeout(5000) });
          answer = parseEpayOrderAnswer(await response.json(), trade.id, account.pid);
        } catch {
          continue;
        }
        if (answer === undefined || !answer.paid) continue;
        const outcome = await settle({
          tradeId: trade.id,
          paidCents: answer.paidCents,
          provider: trade.provider,
          externalId: answer.tradeNo,
          reconciled: true,
        });
        if (outcome === 'paid' || outcome === 'credited_to_wallet') settled += 1;
      }
      return { checked: due.length, settled };
    },
  };
  return service satisfies PaymentsService;
}

export type PaymentsModuleService = ReturnType<typeof createPaymentsService>;
