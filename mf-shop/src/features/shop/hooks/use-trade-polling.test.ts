import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Codes, type TradeStatus } from '@portal/contracts';
import type { CallResult } from '@portal/platform';

/**
 * No DOM here (vitest runs in node), so the hook runs under a minimal stand-in for React's
 * useRef/useEffect that behaves like React: effects run after render, run again when a
 * dependency changes (cleaning up the previous run first) and clean up on unmount.
 */
const react = vi.hoisted(() => {
  type Slot = { deps: readonly unknown[] | undefined; cleanup: (() => void) | void };
  let refs: { current: unknown }[] = [];
  let slots: (Slot | undefined)[] = [];
  let refIndex = 0;
  let effectIndex = 0;
  let pending: (() => void)[] = [];
  return {
    useRef<T>(initial: T) {
      refs[refIndex] ??= { current: initial };
      return refs[refIndex++] as { current: T };
    },
    useEffect(effect: () => (() => void) | void, deps?: readonly unknown[]) {
      const index = effectIndex++;
      const previous = slots[index];
      const changed = !previous || !deps || !previous.deps || deps.some((d, i) => !Object.is(d, previous.deps![i]));
      if (!changed) return;
      pending.push(() => {
        if (previous?.cleanup) previous.cleanup();
        slots[index] = { deps, cleanup: effect() };
      });
    },
    render(run: () => void) {
      refIndex = 0;
      effectIndex = 0;
      pending = [];
      run();
      for (const effect of pending) effect();
    },
    unmount() {
      for (const slot of slots) if (slot?.cleanup) slot.cleanup();
      refs = [];
      slots = [];
    },
  };
});

vi.mock('react', async (original) => ({
  ...(await original<typeof import('react')>()),
  useRef: react.useRef,
  useEffect: react.useEffect,
}));

const fetchStatus = vi.hoisted(() => vi.fn());
vi.mock('../api/trade-status', () => ({ tradeStatus: fetchStatus }));

const { startTradePolling, useTradePolling } = await import('./use-trade-polling.js');

const answer = (status: TradeStatus['status']): CallResult<TradeStatus> => ({
  status: 200,
  code: Codes.OK,
  data: { status, add_traffic: 0, add_vip_duration: 0 },
  msg: 'ok',
});

/** Lets the awaited fetch settle after a timer fired. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  fetchStatus.mockReset();
  fetchStatus.mockResolvedValue(answer('topay'));
});
afterEach(() => {
  react.unmount();
  vi.useRealTimers();
});

describe('startTradePolling', () => {
  const handlers = () => ({ onPaid: vi.fn(), onClosed: vi.fn() });

  it('asks every interval, each question after the previous answer', async () => {
    const { onPaid, onClosed } = handlers();
    let answerLater!: (value: CallResult<TradeStatus>) => void;
    fetchStatus.mockImplementationOnce(() => new Promise((resolve) => (answerLater = resolve)));
    startTradePolling({ tradeId: 't1', intervalMs: 3000, fetchStatus, onPaid, onClosed });
    await vi.advanceTimersByTimeAsync(2999);
    expect(fetchStatus).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchStatus).toHaveBeenCalledWith('t1');
    // A slow answer: nothing new is asked meanwhile.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
    answerLater(answer('topay'));
    await vi.advanceTimersByTimeAsync(3000);
    expect(fetchStatus).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(3000);
    expect(fetchStatus).toHaveBeenCalledTimes(3);
    expect(onPaid).not.toHaveBeenCalled();
    expect(onClosed).not.toHaveBeenCalled();
  });

  it('stops once the trade is paid and reports it once', async () => {
    const { onPaid, onClosed } = handlers();
    fetchStatus.mockResolvedValueOnce(answer('topay')).mockResolvedValueOnce(answer('paied'));
    startTradePolling({ tradeId: 't1', intervalMs: 3000, fetchStatus, onPaid, onClosed });
    await vi.advanceTimersByTimeAsync(6000);
    expect(onPaid).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fetchStatus).toHaveBeenCalledTimes(2);
    expect(onClosed).not.toHaveBeenCalled();
  });

  it('stops when the trade was cancelled', async () => {
    const { onPaid, onClosed } = handlers();
    fetchStatus.mockResolvedValue(answer('cancled'));
    startTradePolling({ tradeId: 't1', intervalMs: 3000, fetchStatus, onPaid, onClosed });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(onClosed).toHaveBeenCalledTimes(1);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
  });

  it('keeps asking after a failed call', async () => {
    const { onPaid, onClosed } = handlers();
    fetchStatus.mockResolvedValueOnce({ status: 502, code: -1, data: {}, msg: '网络错误' });
    startTradePolling({ tradeId: 't1', intervalMs: 3000, fetchStatus, onPaid, onClosed });
    await vi.advanceTimersByTimeAsync(6000);
    expect(fetchStatus).toHaveBeenCalledTimes(2);
  });

  it('asks nothing more after stop, and ignores an answer already on its way', async () => {
    const { onPaid, onClosed } = handlers();
    let answerLater!: (value: CallResult<TradeStatus>) => void;
    fetchStatus.mockImplementationOnce(() => new Promise((resolve) => (answerLater = resolve)));
    const stop = startTradePolling({ tradeId: 't1', intervalMs: 3000, fetchStatus, onPaid, onClosed });
    await vi.advanceTimersByTimeAsync(3000);
    stop();
    answerLater(answer('paied'));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
    expect(onPaid).not.toHaveBeenCalled();
  });
});

describe('useTradePolling', () => {
  const render = (tradeId: string | null, onPaid = vi.fn(), onClosed = vi.fn()) =>
    react.render(() => useTradePolling(tradeId, { onPaid, onClosed }));

  it('polls trade_status every 3 s while the dialog is open', async () => {
    render('t1');
    await vi.advanceTimersByTimeAsync(9000);
    expect(fetchStatus).toHaveBeenCalledTimes(3);
    expect(fetchStatus).toHaveBeenCalledWith('t1');
  });

  it('does not poll while no payment dialog is open', async () => {
    render(null);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fetchStatus).not.toHaveBeenCalled();
  });

  it('stops when the dialog closes (the trade id goes away)', async () => {
    render('t1');
    await vi.advanceTimersByTimeAsync(3000);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
    render(null);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
  });

  it('stops when the page is left (unmount), even with an answer on its way', async () => {
    const onPaid = vi.fn();
    let answerLater!: (value: CallResult<TradeStatus>) => void;
    fetchStatus.mockImplementationOnce(() => new Promise((resolve) => (answerLater = resolve)));
    render('t1', onPaid);
    await vi.advanceTimersByTimeAsync(3000);
    react.unmount();
    answerLater(answer('paied'));
    await settle();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('does not restart on a re-render with the same trade, and calls the latest handler', async () => {
    const first = vi.fn();
    const latest = vi.fn();
    fetchStatus.mockResolvedValueOnce(answer('topay')).mockResolvedValueOnce(answer('paied'));
    render('t1', first);
    await vi.advanceTimersByTimeAsync(2000);
    render('t1', latest);
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(latest).toHaveBeenCalledTimes(1);
    expect(first).not.toHaveBeenCalled();
  });

  it('follows a new trade: the old one is no longer asked about', async () => {
    render('t1');
    await vi.advanceTimersByTimeAsync(3000);
    render('t2');
    await vi.advanceTimersByTimeAsync(6000);
    expect(fetchStatus.mock.calls.map(([id]) => id)).toEqual(['t1', 't2', 't2']);
  });
});
