import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { parseDataKey } from './lib/sealed.js';
import { PASSWORD_MIN_LENGTH, PRODUCT_NAME, remoteFolder, remoteNames, type RemoteName } from '@portal/contracts';

/**
 * Where the data lives. The two PGlite variants differ in ownership: with `dataDir` the app opens
 * (and closes) its own embedded database; with `client` somebody else (a test, a tool) owns it.
 */
export type DatabaseConfig =
  | { driver: 'pglite'; dataDir: string | undefined }
  | { driver: 'pglite'; client: PGlite }
  | { driver: 'postgres'; url: string };

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  admin: { email: string | undefined; password: string | undefined };
  remotes: Record<RemoteName, string>;
  /** Absolute URL of the agency domain; agency mode applies on its host. */
  agencyDomain: string;
  /** Base URL of subscription links when a user has none; '' = the page's own origin. */
  describeHost: string;
  staticRoot: string;
  serveStatic: boolean;
  /** Compress dynamic responses of 1 KB or more for clients that accept br or gzip. */
  compressResponses: boolean;
  trustProxy: boolean | string[];
  logLevel: LogLevel;
  serviceTimezone: string;
  /** Origins allowed to make state-changing API calls besides the request's own origin. */
  publicOrigins: string[];
  /**
   * Failed logins: `max` per address+account and 5× per address in `timeWindowMs`; per account
   * (any address) `accountFree` in a day, then cool-downs from `coolDownMs` doubling up to
   * `timeWindowMs`.
   */
  loginRateLimit: { max: number; timeWindowMs: number; accountFree: number; coolDownMs: number };
  /**
   * Sign-up, reset_password and get_email: every attempt counts, per account (e-mail or link)
   * and per address.
   */
  accountRateLimit: { perAccount: number; perAddress: number; timeWindowMs: number };
  /** Subscription content and its rule files: requests per minute per address. */
  subscriptionRateMax: number;
  /** Bytes of images one user may keep stored (operators excepted: prize images are theirs). */
  uploadQuotaBytes: number;
  /**
   * DATA_KEY: the key secrets that must be read back are sealed with in the database (TOTP
   * secrets, secret settings; lib/sealed.ts); undefined = stored as they are, with a warning in
   * production.
   */
  dataKey: Buffer | undefined;
  /** DATA_KEY_PREVIOUS: while the key changes, values sealed under the old one still open and are sealed again. */
  dataKeyPrevious: Buffer | undefined;
  /**
   * Base URL of the portal for links in mails; '' = the first PUBLIC_ORIGIN, else the listening
   * address (see `publicAddress`). Required in production when SMTP_URL is set.
   */
  publicBaseUrl: string;
  mail: {
    /** smtp:// or smtps:// URL; '' = no SMTP: mails go to the outbox table and the log. */
    smtpUrl: string;
    from: string;
    /** Also write every mail as a JSON file here (for end-to-end tests); '' = off. */
    outboxDir: string;
    /**
     * Without SMTP, log the links of kept mails with their keys (a developer signs up from the
     * log); false with NODE_ENV=production, where the keys are masked.
     */
    logLinks: boolean;
  };
  /** Demo notices, announcement and trial coupon on the first start. */
  demoData: boolean;
  /** Code of a trial coupon ensured at every start ('' = none). */
  demoCouponCode: string;
  /** JSON file of users, coupons, notices and settings applied at start-up ('' = none). */
  seedFile: string;
  /**
   * On SIGTERM: this long /readyz answers 503 while requests are still served, so a load balancer
   * takes the instance out before it stops listening.
   */
  shutdownDrainMs: number;
  /** Registers the bench-only routes (`GET /bench/bare`). */
  benchRoutes: boolean;
  /** Days the pruning job keeps log rows (modules/retention). */
  retention: { nodeReportDays: number; errorLogDays: number; mailOutboxDays: number; notificationDays: number };
  /** The outbox's delivery (modules/notifications). */
  notifications: {
    /** How often the job owner fans events out and delivers what is due. */
    intervalMs: number;
    /** A webhook receiver that has not answered in this long has failed this attempt. */
    webhookTimeoutMs: number;
    /** The Bot API's root (a local fake in tests). */
    telegramApiBase: string;
    /** Long polling: how long one getUpdates waits for an update. */
    telegramPollSeconds: number;
  };
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** bff/ — this file sits in bff/src; compiled, in the bundle bff/dist/server.js: the parent either way. */
export const BFF_ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The repository root, whose shell/dist and mf-*\/dist folders the all-in-one mode serves. */
export const REPO_ROOT = path.resolve(BFF_ROOT, '..');

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/** Reads and validates the configuration; throws ConfigError listing every problem at once. */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): AppConfig {
  const problems: string[] = [];
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };

  const port = parseInteger(read('PORT') ?? '8080', 'PORT', 0, 65535, problems);
  const host = read('HOST') ?? '0.0.0.0';
  const dataDir = path.resolve(cwd, read('DATA_DIR') ?? './data');

  const databaseUrl = read('DATABASE_URL');
  let database: DatabaseConfig;
  if (databaseUrl !== undefined) {
    if (!/^postgres(ql)?:\/\//.test(databaseUrl) || !isUrl(databaseUrl)) {
      problems.push('DATABASE_URL must be a postgres:// or postgresql:// URL');
    }
    database = { driver: 'postgres', url: databaseUrl };
  } else {
    database = { driver: 'pglite', dataDir: path.join(dataDir, 'pglite') };
  }

  const adminEmail = read('ADMIN_EMAIL')?.toLowerCase();
  if (adminEmail !== undefined && !/^[^\s@]+@[^\s@]+$/.test(adminEmail)) {
    problems.push('ADMIN_EMAIL must be an e-mail address');
  }
  // Not trimmed: spaces may be part of a password.
  const adminPassword = env.ADMIN_PASSWORD === '' ? undefined : env.ADMIN_PASSWORD;
  if (adminPassword !== undefined && adminPassword.length < PASSWORD_MIN_LENGTH) {
    problems.push(`ADMIN_PASSWORD must have at least ${PASSWORD_MIN_LENGTH} characters`);
  }

  const remotes = {} as Record<RemoteName, string>;
  for (const name of remoteNames) {
    const variable = `REMOTE_${name.toUpperCase()}_URL`;
    const value = read(variable) ?? `/remotes/${remoteFolder(name)}/mf-manifest.json`;
    if (!value.startsWith('/') && !isHttpUrl(value)) {
      problems.push(`${variable} must be an absolute http(s) URL or a path starting with /`);
    }
    remotes[name] = value;
  }

  const agencyDomain = read('AGENCY_DOMAIN') ?? 'http://agency.localhost';
  if (!isHttpUrl(agencyDomain)) problems.push('AGENCY_DOMAIN must be an absolute http(s) URL');

  const describeHost = (read('DESCRIBE_HOST') ?? '').replace(/\/+$/, '');
  if (describeHost !== '' && !isHttpUrl(describeHost)) {
    problems.push('DESCRIBE_HOST must be empty (same origin) or an absolute http(s) URL');
  }

  const staticRoot = path.resolve(cwd, read('STATIC_ROOT') ?? REPO_ROOT);
  const serveStatic = parseBoolean(read('SERVE_STATIC') ?? 'true', 'SERVE_STATIC', problems);
  const compressResponses = parseBoolean(read('COMPRESS_RESPONSES') ?? 'true', 'COMPRESS_RESPONSES', problems);
  const trustProxy = parseTrustProxy(read('TRUST_PROXY') ?? 'false', problems);

  const logLevel = (read('LOG_LEVEL') ?? 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);

  const serviceTimezone = read('SERVICE_TIMEZONE') ?? 'Asia/Shanghai';
  try {
    new Intl.DateTimeFormat('en', { timeZone: serviceTimezone });
  } catch {
    problems.push(`SERVICE_TIMEZONE "${serviceTimezone}" is not a known IANA time zone`);
  }

  const publicOrigins: string[] = [];
  for (const origin of (read('PUBLIC_ORIGIN') ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean)) {
    if (!isHttpUrl(origin) || new URL(origin).origin !== origin.replace(/\/+$/, '')) {
      problems.push(`PUBLIC_ORIGIN entry "${origin}" must be an origin such as https://portal.example.com`);
    } else {
      publicOrigins.push(new URL(origin).origin);
    }
  }

  const loginRateLimit = {
    max: parseInteger(read('LOGIN_RATE_MAX') ?? '10', 'LOGIN_RATE_MAX', 1, 1_000_000, problems),
    timeWindowMs:
      parseInteger(read('LOGIN_RATE_WINDOW_SECONDS') ?? '900', 'LOGIN_RATE_WINDOW_SECONDS', 1, 86_400, problems) * 1000,
    accountFree: parseInteger(
      read('LOGIN_ACCOUNT_FREE_FAILURES') ?? '5',
      'LOGIN_ACCOUNT_FREE_FAILURES',
      1,
      1_000_000,
      problems,
    ),
    coolDownMs:
      parseInteger(read('LOGIN_COOLDOWN_SECONDS') ?? '60', 'LOGIN_COOLDOWN_SECONDS', 1, 86_400, problems) * 1000,
  };
  const accountRateLimit = {
    perAccount: parseInteger(read('ACCOUNT_RATE_MAX') ?? '5', 'ACCOUNT_RATE_MAX', 1, 1_000_000, problems),
    perAddress: parseInteger(
      read('ACCOUNT_RATE_ADDRESS_MAX') ?? '20',
      'ACCOUNT_RATE_ADDRESS_MAX',
      1,
      1_000_000,
      problems,
    ),
    timeWindowMs:
      parseInteger(read('ACCOUNT_RATE_WINDOW_SECONDS') ?? '3600', 'ACCOUNT_RATE_WINDOW_SECONDS', 1, 86_400, problems) *
      1000,
  };
  const subscriptionRateMax = parseInteger(
    read('SUBSCRIPTION_RATE_MAX') ?? '60',
    'SUBSCRIPTION_RATE_MAX',
    1,
    1_000_000,
    problems,
  );
  const benchRoutes = parseBoolean(read('BENCH_ROUTES') ?? 'false', 'BENCH_ROUTES', problems);

  const uploadQuotaBytes =
    parseInteger(read('UPLOAD_QUOTA_MB') ?? '50', 'UPLOAD_QUOTA_MB', 4, 1_048_576, problems) * 1024 * 1024;

  const dataKey = parseDataKey(read('DATA_KEY'));
  if (dataKey === 'invalid') {
    problems.push(
      'DATA_KEY must be 32 random bytes as 64 hex digits or base64, such as the output of: openssl rand -hex 32',
    );
  }
  const dataKeyPrevious = parseDataKey(read('DATA_KEY_PREVIOUS'));
  if (dataKeyPrevious === 'invalid') problems.push('DATA_KEY_PREVIOUS must be 32 bytes as 64 hex digits or base64');
  if (dataKeyPrevious !== undefined && dataKey === undefined) {
    problems.push('DATA_KEY_PREVIOUS needs DATA_KEY: the new key the values are sealed under');
  }

  const publicBaseUrl = (read('PUBLIC_BASE_URL') ?? '').replace(/\/+$/, '');
  if (publicBaseUrl !== '' && (!isHttpUrl(publicBaseUrl) || /[?#]/.test(publicBaseUrl))) {
    problems.push(
      'PUBLIC_BASE_URL must be an absolute http(s) URL without query or fragment, such as https://portal.example.com',
    );
  }
  const smtpUrl = read('SMTP_URL') ?? '';
  if (smtpUrl !== '' && (!isUrl(smtpUrl) || !/^smtps?:$/.test(new URL(smtpUrl).protocol))) {
    problems.push('SMTP_URL must be an smtp:// or smtps:// URL, such as smtps://user:password@smtp.example.com:465');
  }
  // Links in real mail must point at the portal, and no request header may say where that is.
  if (read('NODE_ENV') === 'production' && smtpUrl !== '' && publicBaseUrl === '') {
    problems.push(
      "PUBLIC_BASE_URL must be set when NODE_ENV=production and SMTP_URL is set: links in mails need the portal's public address, such as https://portal.example.com",
    );
  }
  const mailDomain = isHttpUrl(publicBaseUrl) ? new URL(publicBaseUrl).hostname : 'localhost';
  const mailFrom = read('MAIL_FROM') ?? `${PRODUCT_NAME} <no-reply@${mailDomain}>`;
  // A bare address, or a display name followed by <address>.
  if (!/^[^\s<>@]+@[^\s<>@]+$/.test(mailFrom) && !/^[^<>]*<[^\s<>@]+@[^\s<>@]+>$/.test(mailFrom)) {
    problems.push('MAIL_FROM must be an address, such as "Portal <no-reply@example.com>" or no-reply@example.com');
  }
  const outboxDirValue = read('MAIL_OUTBOX_DIR');
  const demoData = parseBoolean(read('DEMO_DATA') ?? 'false', 'DEMO_DATA', problems);
  const demoCouponCode = read('DEMO_COUPON_CODE') ?? '';
  if (demoCouponCode !== '' && !/^[A-Za-z0-9_-]{4,64}$/.test(demoCouponCode)) {
    problems.push('DEMO_COUPON_CODE must be 4 to 64 letters, digits, _ or -');
  }
  const seedFileValue = read('SEED_FILE');
  // At least 2 days of push reports: a node resending a report it got no answer to must still
  // find it (the (agent, report) key is what makes the resend count once).
  const retention = {
    nodeReportDays: parseInteger(
      read('RETENTION_NODE_REPORT_DAYS') ?? '7',
      'RETENTION_NODE_REPORT_DAYS',
      2,
      3650,
      problems,
    ),
    errorLogDays: parseInteger(read('RETENTION_ERROR_LOG_DAYS') ?? '90', 'RETENTION_ERROR_LOG_DAYS', 1, 3650, problems),
    mailOutboxDays: parseInteger(
      read('RETENTION_MAIL_OUTBOX_DAYS') ?? '30',
      'RETENTION_MAIL_OUTBOX_DAYS',
      1,
      3650,
      problems,
    ),
    notificationDays: parseInteger(
      read('RETENTION_NOTIFICATION_DAYS') ?? '30',
      'RETENTION_NOTIFICATION_DAYS',
      1,
      3650,
      problems,
    ),
  };
  const telegramApiBase = (read('TELEGRAM_API_BASE') ?? 'https://api.telegram.org').replace(/\/+$/, '');
  if (!isHttpUrl(telegramApiBase))
    problems.push('TELEGRAM_API_BASE must be an http(s) URL, such as https://api.telegram.org');
  const notifications = {
    intervalMs: parseInteger(read('NOTIFY_INTERVAL_MS') ?? '3000', 'NOTIFY_INTERVAL_MS', 100, 3_600_000, problems),
    webhookTimeoutMs: parseInteger(read('WEBHOOK_TIMEOUT_MS') ?? '10000', 'WEBHOOK_TIMEOUT_MS', 100, 120_000, problems),
    telegramApiBase,
    telegramPollSeconds: parseInteger(read('TELEGRAM_POLL_SECONDS') ?? '25', 'TELEGRAM_POLL_SECONDS', 0, 50, problems),
  };

  if (problems.length > 0) throw new ConfigError(problems);

  const shutdownDrainMs =
    parseInteger(read('SHUTDOWN_DRAIN_SECONDS') ?? '3', 'SHUTDOWN_DRAIN_SECONDS', 0, 120, problems) * 1000;

  return {
    port,
    host,
    dataDir,
    database,
    admin: { email: adminEmail, password: adminPassword },
    remotes,
    agencyDomain,
    describeHost,
    staticRoot,
    serveStatic,
    compressResponses,
    trustProxy,
    logLevel,
    serviceTimezone,
    publicOrigins,
    loginRateLimit,
    accountRateLimit,
    subscriptionRateMax,
    uploadQuotaBytes,
    dataKey: dataKey === 'invalid' ? undefined : dataKey,
    dataKeyPrevious: dataKeyPrevious === 'invalid' ? undefined : dataKeyPrevious,
    publicBaseUrl,
    mail: {
      smtpUrl,
      from: mailFrom,
      outboxDir: outboxDirValue === undefined ? '' : path.resolve(cwd, outboxDirValue),
      logLinks: read('NODE_ENV') !== 'production',
    },
    demoData,
    demoCouponCode,
    seedFile: seedFileValue === undefined ? '' : path.resolve(cwd, seedFileValue),
    benchRoutes,
    shutdownDrainMs,
    retention,
    notifications,
  };
}

/**
 * The portal's address in links that leave the request (mails): PUBLIC_BASE_URL, else the first
 * PUBLIC_ORIGIN (the shell's origin in development), else the address the server listens on
 * (localhost for a wildcard host). Never the request's Host or X-Forwarded-Host: a client writes those.
 */
export function publicAddress(config: Pick<AppConfig, 'publicBaseUrl' | 'publicOrigins' | 'host' | 'port'>): string {
  if (config.publicBaseUrl !== '') return config.publicBaseUrl;
  const origin = config.publicOrigins[0];
  if (origin !== undefined) return origin;
  const host = ['0.0.0.0', '::', ''].includes(config.host) ? 'localhost' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
}

function isUrl(value: string): boolean {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

function isHttpUrl(value: string): boolean {
  return isUrl(value) && /^https?:$/.test(new URL(value).protocol);
}

function parseInteger(value: string, name: string, min: number, max: number, problems: string[]): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > max) {
    problems.push(`${name} must be an integer between ${min} and ${max} (got "${value}")`);
    return min;
  }
  return n;
}

function parseBoolean(value: string, name: string, problems: string[]): boolean {
  const v = value.toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['0', 'false', 'no', 'off'].includes(v)) return false;
  problems.push(`${name} must be true or false (got "${value}")`);
  return false;
}

/**
 * true/false, or a comma-separated list of proxy addresses/CIDRs. No hop count: Fastify 5 cannot
 * check the immediate peer with one and then trusts no forwarded header at all.
 */
function parseTrustProxy(value: string, problems: string[]): boolean | string[] {
  if (['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'].includes(value.toLowerCase())) {
    return parseBoolean(value, 'TRUST_PROXY', problems);
  }
  const list = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (
    list.some((entry) => !/^[0-9a-fA-F.:/]+$/.test(entry) && !['loopback', 'linklocal', 'uniquelocal'].includes(entry))
  ) {
    problems.push(
      'TRUST_PROXY must be true, false, or a list of proxy addresses/CIDRs (or loopback, linklocal, uniquelocal)',
    );
  }
  return list;
}
