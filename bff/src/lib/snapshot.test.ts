import { describe, expect, it } from 'vitest';
import { snapshot } from './snapshot.js';

describe('snapshot', () => {
  function counter() {
    let loads = 0;
    let clock = 0;
    const shared = snapshot(
      async () => ++loads,
      1000,
      () => clock,
    );
    return { shared, loads: () => loads, advance: (ms: number) => (clock += ms) };
  }

  it('loads once for concurrent readers and reuses the value until it is older than its age', async () => {
    const { shared, loads, advance } = counter();
    expect(await Promise.all([shared.get(), shared.get(), shared.get()])).toEqual([1, 1, 1]);
    advance(999);
    expect(await shared.get()).toBe(1);
    advance(1);
    expect(await shared.get()).toBe(2);
    expect(loads()).toBe(2);
  });

  it('reloads at once after invalidate', async () => {
    const { shared } = counter();
    expect(await shared.get()).toBe(1);
    shared.invalidate();
    expect(await shared.get()).toBe(2);
  });

  it('runs a thenable loader (a query builder runs at every then) once per period', async () => {
    let runs = 0;
    const query: PromiseLike<number> = { then: (resolve, reject) => Promise.resolve(++runs).then(resolve, reject) };
    const shared = snapshot(() => query, 60_000);
    await shared.get();
    await shared.get();
    expect(runs).toBe(1);
  });

  it('does not keep a failed load', async () => {
    let fail = true;
    const shared = snapshot(async () => {
      if (fail) throw new Error('down');
      return 'up';
    }, 60_000);
    await expect(shared.get()).rejects.toThrow('down');
    fail = false;
    expect(await shared.get()).toBe('up');
  });
});
