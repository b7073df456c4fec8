// idb is loaded on first use: only the coupon dialog and the login page need the local store,
// so it stays out of the first page.
import type { DBSchema, IDBPDatabase } from 'idb';

/**
 * The browser's local database of spec-1 §3/§9: a coupon-records store (codes redeemed in this
 * browser, to refuse a repeat before calling the server) and a login-records store (that a login
 * ever happened here, for the `?c=` → register rule).
 */
interface LocalRecords extends DBSchema {
  couponRecords: { key: number; value: { id?: number; code: string; time: number }; indexes: { code: string } };
  loginRecords: { key: number; value: { id?: number; time: number } };
}

const DB_NAME = 'portal-local-records';
let opening: Promise<IDBPDatabase<LocalRecords>> | undefined;

function db(): Promise<IDBPDatabase<LocalRecords>> {
  opening ??= import('idb').then(({ openDB }) =>
    openDB<LocalRecords>(DB_NAME, 1, {
      upgrade(database) {
        const coupons = database.createObjectStore('couponRecords', { keyPath: 'id', autoIncrement: true });
        coupons.createIndex('code', 'code');
        database.createObjectStore('loginRecords', { keyPath: 'id', autoIncrement: true });
      },
    }),
  );
  return opening;
}

/** A failing local store (private mode, quota) must never break the screen that asks. */
async function safely<T>(work: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await work();
  } catch (error) {
    console.warn('local records unavailable', error);
    return fallback;
  }
}

export const localRecords = {
  hasCoupon: (code: string) =>
    safely(async () => (await (await db()).getKeyFromIndex('couponRecords', 'code', code)) !== undefined, false),
  addCoupon: (code: string) =>
    safely(async () => void (await (await db()).add('couponRecords', { code, time: Date.now() })), undefined),
  hasLogin: () => safely(async () => (await (await db()).count('loginRecords')) > 0, false),
  addLogin: () => safely(async () => void (await (await db()).add('loginRecords', { time: Date.now() })), undefined),
};
