/** Test support: the SQL statements an app sends while a function runs, on PGlite and PostgreSQL. */
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { vi } from 'vitest';

type Query = (...args: unknown[]) => unknown;

/** The prototype in the chain that defines `name` (PGlite's methods are on a base class). */
function ownerOfMethod(prototype: object, name: string): object {
  let owner: object | null = prototype;
  while (owner !== null && !Object.hasOwn(owner, name)) owner = Object.getPrototypeOf(owner) as object | null;
  if (owner === null) throw new Error(`no ${name} method to watch`);
  return owner;
}
const ownerOfQuery = (prototype: object) => ownerOfMethod(prototype, 'query') as { query: Query };

/**
 * Runs `fn` while every statement reaching either driver (PGlite's `query`, node-postgres's
 * `Client#query`, which pooled queries and transactions go through) is recorded. Drizzle sends
 * each statement through one of them, so this counts what the app asked of the database.
 */
export async function statementsDuring<T>(fn: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  const record = (first: unknown) =>
    statements.push(typeof first === 'string' ? first : String((first as { text?: string } | undefined)?.text ?? ''));
  const spies = [ownerOfQuery(PGlite.prototype), ownerOfQuery(pg.Client.prototype)].map((target) => {
    const original = target.query;
    return vi.spyOn(target, 'query').mockImplementation(function (this: unknown, ...args: unknown[]) {
      record(args[0]);
      return original.apply(this, args);
    });
  });
  // PGlite runs a transaction's statements through the transaction object it hands out.
  const owner = ownerOfMethod(PGlite.prototype, 'transaction') as {
    transaction: (fn: (tx: { query: Query }) => unknown) => unknown;
  };
  const transaction = owner.transaction;
  spies.push(
    vi.spyOn(owner, 'transaction').mockImplementation(function (
      this: unknown,
      callback: (tx: { query: Query }) => unknown,
    ) {
      return transaction.call(this, (tx) => {
        const query = tx.query.bind(tx);
        tx.query = (...args: unknown[]) => {
          record(args[0]);
          return query(...args);
        };
        return callback(tx);
      });
    }) as never,
  );
  try {
    return { result: await fn(), statements };
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

/** true when a statement reads or writes the users table (drizzle quotes it: "users"). */
export function touchesUsers(statement: string): boolean {
  return /"users"|\b(from|join|update|into)\s+users\b/i.test(statement);
}
