/**
 * USDT on TRON (TRC20): the amount a trade asks for, the chain data we read, and which incoming
 * transfer pays which trade. Amounts are integer thousandths of a USDT ("milli").
 */

/** The official Tether USD contract on TRON; tokens of any other contract are worthless look-alikes. */
export const USDT_TRC20_CONTRACT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

/**
 * How many thousandths above the base amount a trade may be pushed to stay unique among open USDT
 * trades: 0.000 to 0.099 USDT (under 1 yuan). Beyond that many open trades of one price the method
 * is reported busy.
 */
export const USDT_UNIQUE_STEPS = 100;

/**
 * How long after a USDT trade's expiry the watcher still looks for the transfer that paid it in
 * time: blocks are confirmed and indexed a little after they are made. Until then the trade's
 * amount stays its own, even once the trade is cancelled.
 */
export const USDT_LATE_CONFIRMATION_MS = 10 * 60_000;

/** The CNY amount in USDT at `rate` yuan per USDT, rounded up to 0.01, in thousandths (a multiple of 10, at least 0.01). */
export function usdtBaseMilli(amountCents: number, rate: number): number {
  // The epsilon keeps exact quotients (720 cents at 7.2) from rounding up on float noise.
  const hundredths = Math.ceil(amountCents / rate - 1e-9);
  return Math.max(1, hundredths) * 10;
}

/** The first of base, base+1, … (thousandths) that no open trade holds; undefined when all are taken. */
export function firstFreeMilli(base: number, taken: ReadonlySet<number>): number | undefined {
  for (let step = 0; step < USDT_UNIQUE_STEPS; step += 1) {
    if (!taken.has(base + step)) return base + step;
  }
  return undefined;
}

export function formatUsdt(milli: number): number {
  return milli / 1000;
}

/** One incoming TRC20 transfer as the chain reports it. */
export interface ChainTransfer {
  txId: string;
  /** The token contract. */
  contract: string;
  from: string;
  to: string;
  /** The amount in thousandths; null when it is not a whole number of thousandths (never an exact match). */
  amountMilli: number | null;
  blockTime: Date;
}

/** Where incoming transfers are read from (TronGrid in production, a local server in tests). */
export interface ChainSource {
  /** Incoming transfers of the official USDT contract to `address` with a block time at or after `since`. */
  incomingTransfers(address: string, since: Date): Promise<ChainTransfer[]>;
}

/** A token amount in its smallest unit (`value` with `decimals`) as thousandths, or null when not exact. */
export function tokenValueToMilli(value: string, decimals: number): number | null {
  if (!/^\d{1,40}$/.test(value) || !Number.isInteger(decimals) || decimals < 0 || decimals > 30) return null;
  const units = BigInt(value);
  const milli = decimals >= 3 ? units : units * 10n ** BigInt(3 - decimals);
  const divisor = decimals >= 3 ? 10n ** BigInt(decimals - 3) : 1n;
  if (milli % divisor !== 0n) return null;
  const result = milli / divisor;
  return result <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(result) : null;
}

interface TronGridTransfer {
  transaction_id?: unknown;
  token_info?: { address?: unknown; decimals?: unknown };
  from?: unknown;
  to?: unknown;
  value?: unknown;
  block_timestamp?: unknown;
}

/** One item of TronGrid's `/v1/accounts/{address}/transactions/trc20`; undefined when malformed. */
export function parseTronGridTransfer(item: TronGridTransfer): ChainTransfer | undefined {
  const { transaction_id: txId, token_info: token, from, to, value, block_timestamp: time } = item;
  if (typeof txId !== 'string' || typeof from !== 'string' || typeof to !== 'string') return undefined;
  if (typeof token?.address !== 'string' || typeof token.decimals !== 'number') return undefined;
  if (typeof value !== 'string' || typeof time !== 'number' || !Number.isFinite(time)) return undefined;
  return {
    txId,
    contract: token.address,
    from,
    to,
    amountMilli: tokenValueToMilli(value, token.decimals),
    blockTime: new Date(time),
  };
}

const PAGE_LIMIT = 200;
const MAX_PAGES = 10;

const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['localhost', '[::1]']);

/** Whether a chain API address may be read: https, or plain http only on this machine (local stand-ins in tests). */
export function isAllowedChainApi(url: URL): boolean {
  if (url.protocol === 'https:') return true;
  return (
    url.protocol === 'http:' &&
    (LOOPBACK_HOSTS.has(url.hostname) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(url.hostname))
  );
}

/**
 * TronGrid (or anything speaking its shape): incoming, confirmed transfers of the USDT contract,
 * oldest first, following `meta.links.next` for a few pages. Only over https (plain http on
 * loopback), and a `next` link is followed only on the configured origin: the answer cannot send
 * the watcher elsewhere.
 */
export function tronGridSource(
  baseUrl: string,
  options: { timeoutMs?: number; fetch?: typeof fetch } = {},
): ChainSource {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    async incomingTransfers(address, since) {
      const url = new URL(
        `v1/accounts/${encodeURIComponent(address)}/transactions/trc20`,
        baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`,
      );
      if (!isAllowedChainApi(url))
        throw new Error('the chain API must be an https:// address (plain http only on loopback)');
      url.search = new URLSearchParams({
        only_to: 'true',
        only_confirmed: 'true',
        contract_address: USDT_TRC20_CONTRACT,
        min_timestamp: String(since.getTime()),
        order_by: 'block_timestamp,asc',
        limit: String(PAGE_LIMIT),
      }).toString();
      const transfers: ChainTransfer[] = [];
      let next: string | undefined = url.toString();
      for (let page = 0; next !== undefined && page < MAX_PAGES; page += 1) {
        const response = await doFetch(next, {
          signal: AbortSignal.timeout(timeoutMs),
          headers: { accept: 'application/json' },
        });
        if (!response.ok) throw new Error(`chain API answered ${response.status}`);
        const body = (await response.json()) as { data?: unknown; meta?: { links?: { next?: unknown } } };
        if (!Array.isArray(body.data)) throw new Error('chain API answer has no data array');
        for (const item of body.data as TronGridTransfer[]) {
          const transfer = parseTronGridTransfer(item);
          if (transfer !== undefined) transfers.push(transfer);
        }
        const link = body.meta?.links?.next;
        next = typeof link === 'string' && link !== '' ? sameOriginPage(link, url) : undefined;
      }
      return transfers;
    },
  };
}

/** A `next` link (relative or absolute) on the configured API's origin; anything else is refused loudly. */
function sameOriginPage(link: string, api: URL): string {
  let next: URL;
  try {
    next = new URL(link, api);
  } catch {
    throw new Error('chain API answered an unreadable next page link');
  }
  if (next.origin !== api.origin)
    throw new Error(`chain API's next page is on another host (${next.origin}): not followed`);
  return next.toString();
}

/** An open (or recently expired) USDT trade the watcher looks for. */
export interface WatchedTrade {
  id: string;
  amountCents: number;
  usdtAmountMilli: number;
  usdtAddress: string;
  /** topay trades win over cancelled ones holding the same amount. */
  open: boolean;
  createdAt: Date;
  expiresAt: Date;
}

export interface TransferMatch {
  transfer: ChainTransfer;
  trade: WatchedTrade;
}

/**
 * Which transfer pays which trade: the official contract, to our address, the exact amount of a
 * trade, sent after the trade was made and by its expiry. One transaction pays one trade and a trade
 * is paid by its first matching transfer. `seen` are transactions already recorded.
 */
export function matchTransfers(
  transfers: readonly ChainTransfer[],
  trades: readonly WatchedTrade[],
  address: string,
  seen: ReadonlySet<string>,
): TransferMatch[] {
  const matches: TransferMatch[] = [];
  const usedTx = new Set(seen);
  const paidTrades = new Set<string>();
  const ordered = [...transfers].sort((a, b) => a.blockTime.getTime() - b.blockTime.getTime());
  for (const transfer of ordered) {
    if (usedTx.has(transfer.txId)) continue;
    if (transfer.contract !== USDT_TRC20_CONTRACT || transfer.to !== address || transfer.amountMilli === null) continue;
    const time = transfer.blockTime.getTime();
    const candidates = trades.filter(
      (t) =>
        !paidTrades.has(t.id) &&
        t.usdtAddress === address &&
        t.usdtAmountMilli === transfer.amountMilli &&
        t.createdAt.getTime() < time &&
        time <= t.expiresAt.getTime(),
    );
    // An open trade first, then the newest: a cancelled trade only wins when nothing open asked for this amount.
    const trade = candidates.sort(
      (a, b) => Number(b.open) - Number(a.open) || b.createdAt.getTime() - a.createdAt.getTime(),
    )[0];
    if (trade === undefined) continue;
    usedTx.add(transfer.txId);
    paidTrades.add(trade.id);
    matches.push({ transfer, trade });
  }
  return matches;
}
