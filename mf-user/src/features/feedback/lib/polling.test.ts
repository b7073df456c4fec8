import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPolling } from './polling';

describe('startPolling', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('ticks every interval, timed from the end of the previous tick, until stopped', async () => {
    let calls = 0;
    const tick = vi.fn(async () => {
      calls += 1;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    });
    const stop = startPolling(tick, 30_000);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(calls).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(1);
    // The second tick waits for the first answer (1 s) and then a whole interval.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toBe(2);
    stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(calls).toBe(2);
  });

  it('skips ticks while paused and keeps going after a failed one', async () => {
    let hidden = true;
    const tick = vi.fn(async () => {
      throw new Error('offline');
    });
    const stop = startPolling(tick, 30_000, () => hidden);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(tick).not.toHaveBeenCalled();
    hidden = false;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(tick).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(tick).toHaveBeenCalledTimes(2);
    stop();
  });

  it('a stop during a tick schedules nothing more', async () => {
    let release: () => void = () => undefined;
    const tick = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const stop = startPolling(tick, 1000);
    await vi.advanceTimersByTimeAsync(1000);
    stop();
    release();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(tick).toHaveBeenCalledTimes(1);
  });
});
