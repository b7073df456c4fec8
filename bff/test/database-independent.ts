/**
 * Test files whose outcome does not depend on the database, with the reason: scripts/test-bff.sh
 * runs the suite on PGlite, then again on PostgreSQL (TEST_DATABASE_URL set), and these run in
 * the first pass only (vitest.config.ts leaves them out of the second). A file that exercises SQL,
 * transactions, locks, money, rate-limit counters or sessions in the database does not belong
 * here, even when its subject is elsewhere: it runs on both.
 */
export const DATABASE_INDEPENDENT_TESTS: Record<string, string> = {
  'src/config.test.ts': 'parses environment variables; opens no database',
  'src/lib/boot-page.test.ts': 'pure functions on HTML and headers',
  'src/lib/first-paint.test.ts': 'a pure function on HTML',
  'src/lib/money.test.ts': 'yuan to cents conversion; a pure function',
  'src/lib/snapshot.test.ts': 'a cache over a fake loader and clock',
  'src/lib/throttle.test.ts': 'the cool-down arithmetic; no store',
  'src/modules/accounts/service.test.ts': 'the service over a fake repository',
  'src/modules/accounts/subscription-link.test.ts': 'parses links',
  'src/modules/payments/epay.test.ts': 'signatures and amounts of the epay protocol',
  'src/modules/payments/usdt.test.ts':
    'amounts, TRC20 values and transfer matching in memory, against a local Tron server',
  'src/modules/subscriptions/formats.test.ts': 'renders subscription files from fixtures',
  'src/modules/subscriptions/rules.test.ts': 'line selection from fixtures',
  'src/plugins/app/envelope.test.ts': 'envelope decoding and fuzzing on a public echo route that reads no table',
  'src/plugins/app/origin-check.test.ts':
    'the Origin check answers before any handler; the sign-in it lets through is tested on both databases by accounts.test.ts',
  'src/plugins/app/first-paint.test.ts': 'the first-paint HTML for visitors, built from files on disk',
  'src/plugins/app/static-site.test.ts': 'files on disk, boot data and cache headers',
  'src/plugins/external/compress.test.ts':
    'response encoding of a subscription file; the file itself is tested on both databases by subscriptions.test.ts',
  'src/plugins/external/helmet.test.ts': 'security headers from the configuration',
};
