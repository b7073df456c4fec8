import { useEffect, useRef } from 'react';
import { Codes, pollMs, type TradeStatus } from '@portal/contracts';
import type { CallResult } from '@portal/platform';
import { tradeStatus } from '../api/trade-status';

export interface TradePollingOptions {
  tradeId: string;
  intervalMs: number;
  fetchStatus: (tradeId: string) => Promise<CallResult<TradeStatus>>;
  onPaid: (status: TradeStatus) => void;
  /** The trade was cancelled (the order expired or was cancelled elsewhere). */
  onClosed: () => void;
}

/**
 * Asks for the trade's status every `intervalMs` (the next question waits for the previous
 * answer, so a slow network never piles requests up) until it is paid or closed, or until the
 * returned stop function runs. An answer that arrives after stop is ignored.
 */
export function startTradePolling({
  tradeId,
  intervalMs,
  fetchStatus,
  onPaid,
  onClosed,
}: TradePollingOptions): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const ask = async () => {
    const result = await fetchStatus(tradeId);
    if (stopped) return;
    if (result.code === Codes.OK && result.data?.status === 'paied') {
      stopped = true;
      onPaid(result.data);
      return;
    }
    if (result.code === Codes.OK && result.data?.status === 'cancled') {
      stopped = true;
      onClosed();
      return;
    }
    timer = setTimeout(ask, intervalMs);
  };
  timer = setTimeout(ask, intervalMs);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/**
 * Polls shop/trade_status every 3 s (spec-2 §9) while `tradeId` is set: the owner passes null
 * when the payment dialog closes, and unmounting (leaving the page) stops it too.
 */
export function useTradePolling(
  tradeId: string | null,
  handlers: { onPaid: (status: TradeStatus) => void; onClosed: () => void },
): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    if (!tradeId) return;
    return startTradePolling({
      tradeId,
      intervalMs: pollMs.tradeStatus,
      fetchStatus: tradeStatus,
      onPaid: (status) => latest.current.onPaid(status),
      onClosed: () => latest.current.onClosed(),
    });
  }, [tradeId]);
}
