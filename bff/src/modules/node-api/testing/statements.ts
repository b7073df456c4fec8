/** Test support: the SQL statements an app sends while a function runs, on PGlite and PostgreSQL. */
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { vi } from 'vitest';

type Query = (...args: unknown[]) => unknown;

/** The prototype in the chain that defines `query` (PGlite's is on a base class). */
function ownerOfQuery(prototype: object): { query: Query } {
  let owner: object | null = prototype;
  while (owner !== null && !Object.hasOwn(owner, 'query')) owner = Object.getPrototypeOf(owner) as object | null;
  if (owner === null) throw new Error('no query method to watch');
  return owner as { query: Query };
}

/**
 * Runs `fn` while every statement reaching either driver (PGlite's `query`, node-postgres's
 * `Client#query`, which pooled queries and transactions go through) is recorded. Drizzle sends
 * each statement through one of them, so this counts what the app asked of the database.
 */
export async function statementsDuring<T>(fn: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  const spies = [ownerOfQuery(PGlite.prototype), ownerOfQuery(pg.Client.prototype)].map((target) => {
    const original = target.query;
    return vi.spyOn(target, 'query').mockImplementation(function (this: unknown, ...args: unknown[]) {
      const first = args[0];
      statements.push(typeof first === 'string' ? first : String((first as { text?: string } | undefined)?.text ?? ''));
      return original.apply(this, args);
    });
  });
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
