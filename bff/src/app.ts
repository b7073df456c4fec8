import { randomUUID } from 'node:crypto';
import { Codes, defaultMessages, MAX_ENVELOPE_BYTES } from '@portal/contracts';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import pretty from 'pino-pretty';
import type { AppConfig } from './config.js';
import { sendFailure } from './lib/http.js';
import { redactLogArguments, serializeRequest } from './lib/log-redaction.js';
import accountsModule from './modules/accounts/index.js';
import appleIdsModule from './modules/apple-ids/index.js';
import auditModule from './modules/audit/index.js';
import channelsModule from './modules/channels/index.js';
import clientDevicesModule from './modules/client-devices/index.js';
import couponAdminModule from './modules/coupon-admin/index.js';
import couponsModule from './modules/coupons/index.js';
import errorLogModule from './modules/error-log/index.js';
import fulfilmentModule from './modules/fulfilment/index.js';
import giftsModule from './modules/gifts/index.js';
import healthModule from './modules/health/index.js';
import jobsModule from './modules/jobs/index.js';
import mailModule from './modules/mail/index.js';
import networkModule, { networkAdmin as networkAdminModule } from './modules/network/index.js';
import nodeApiModule from './modules/node-api/index.js';
import ordersModule from './modules/orders/index.js';
import profileModule from './modules/profile/index.js';
import retentionModule from './modules/retention/index.js';
import paymentsModule from './modules/payments/index.js';
import prizesModule from './modules/prizes/index.js';
import noticesModule from './modules/notices/index.js';
import notificationsModule from './modules/notifications/index.js';
import subscriptionsModule from './modules/subscriptions/index.js';
import ticketsModule from './modules/tickets/index.js';
import permissionsModule from './modules/permissions/index.js';
import seedModule from './modules/seed/index.js';
import secondFactorModule, { secondFactorGuard } from './modules/second-factor/index.js';
import sessionsModule from './modules/sessions/index.js';
import settingsModule from './modules/settings/index.js';
import shopModule from './modules/shop/index.js';
import signUseModule from './modules/sign-use/index.js';
import staffModule from './modules/staff/index.js';
import statisticsModule from './modules/statistics/index.js';
import trafficModule from './modules/traffic/index.js';
import { trafficAdmin as trafficAdminModule } from './modules/traffic/admin.js';
import { myTraffic as myTrafficModule } from './modules/traffic/mine.js';
import tradesAdminModule from './modules/trades-admin/index.js';
import uploadsModule from './modules/uploads/index.js';
import usageModule from './modules/usage/index.js';
import usersAdminModule from './modules/users-admin/index.js';
import walletModule from './modules/wallet/index.js';
import withdrawalsModule from './modules/withdrawals/index.js';
import authPlugin from './plugins/app/auth.js';
import configPlugin from './plugins/app/config.js';
import dbPlugin from './plugins/app/db.js';
import envelopePlugin from './plugins/app/envelope.js';
import errorsPlugin from './plugins/app/errors.js';
import originCheckPlugin from './plugins/app/origin-check.js';
import shutdownPlugin from './plugins/app/shutdown.js';
import staticSitePlugin from './plugins/app/static-site.js';
import compressPlugin from './plugins/external/compress.js';
import cookiePlugin from './plugins/external/cookie.js';
import helmetPlugin from './plugins/external/helmet.js';
import rateLimitPlugin from './plugins/external/rate-limit.js';

export interface BuildOptions {
  /** Overrides the logger (tests pass a stream to read what was logged). */
  logger?: FastifyServerOptions['logger'];
  /** Human-readable log lines (for a terminal) instead of JSON lines. */
  prettyLogs?: boolean;
}

/**
 * Every logger gets the request serializer that masks secrets in addresses, and logs failed
 * queries without their parameters.
 */
function withSerializers(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (logger === undefined || typeof logger === 'boolean') return logger;
  return {
    ...logger,
    serializers: { req: serializeRequest, ...logger.serializers },
    hooks: {
      ...logger.hooks,
      logMethod(args, method) {
        method.apply(this, redactLogArguments(args) as typeof args);
      },
    },
  };
}

/**
 * Builds the application without listening: server.ts listens, tests call `inject`.
 * Order: external plugins, then ours, then the domain modules.
 */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: withSerializers(
      options.logger ?? {
        level: config.logLevel,
        redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
        // In the main thread (no transport worker), so an exit never waits on a logging thread.
        ...(options.prettyLogs
          ? { stream: pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' }) }
          : {}),
      },
    ),
    trustProxy: config.trustProxy,
    bodyLimit: MAX_ENVELOPE_BYTES,
    genReqId: () => randomUUID(),
    // The first start of PGlite runs initdb and every migration (7-10 s on an idle machine, more
    // on a busy one): Fastify's default of 10 s per plugin refused such starts.
    pluginTimeout: 120_000,
    // shutdown.ts answers 503 in the envelope instead.
    return503OnClosing: false,
    // Keys that could pollute prototypes are dropped while parsing, never passed on.
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
    // Malformed URLs and the like, rejected before routing, still get our error shape.
    frameworkErrors: (error, _request, reply) =>
      sendFailure(reply, 400, Codes.BAD_ENVELOPE, defaultMessages[Codes.BAD_ENVELOPE] ?? error.message),
  });

  await app.register(configPlugin, { config });
  await app.register(errorsPlugin);
  await app.register(shutdownPlugin);

  await app.register(cookiePlugin);
  await app.register(compressPlugin);
  await app.register(helmetPlugin);

  await app.register(dbPlugin);
  await app.register(rateLimitPlugin);
  await app.register(envelopePlugin);
  await app.register(originCheckPlugin);
  await app.register(authPlugin);
  await app.register(secondFactorGuard);
  await app.register(staticSitePlugin);

  await app.register(healthModule);
  // The back office's audit log (every admin write records itself in its transaction) and the
  // error log the error handler writes to.
  await app.register(auditModule);
  await app.register(errorLogModule);
  await app.register(jobsModule);
  await app.register(retentionModule);
  await app.register(settingsModule);
  await app.register(mailModule);
  await app.register(notificationsModule);
  await app.register(sessionsModule);
  await app.register(trafficModule);
  await app.register(uploadsModule);
  await app.register(signUseModule);
  await app.register(secondFactorModule);
  await app.register(accountsModule);
  // Staff after accounts: an empty admin_id names the first admin that accounts created.
  await app.register(staffModule);
  await app.register(networkModule);
  await app.register(permissionsModule);
  await app.register(clientDevicesModule);
  await app.register(subscriptionsModule);
  await app.register(usageModule);
  await app.register(nodeApiModule);
  await app.register(noticesModule);
  await app.register(couponsModule);
  // The money path: fulfilment (settles proved payments) before payments (providers, notifies),
  // both before orders (which open trades and call the providers).
  await app.register(walletModule);
  await app.register(fulfilmentModule);
  await app.register(paymentsModule);
  await app.register(shopModule);
  // After the shop: a permission that products grant is neither renamed nor deleted.
  await app.register(networkAdminModule);
  await app.register(usersAdminModule);
  await app.register(ordersModule);
  // Operations' coupons: restoring a use held by an order releases it as the orders do.
  await app.register(couponAdminModule);
  // Read-only back-office views of the trades, orders and traffic ledger written above.
  await app.register(tradesAdminModule);
  await app.register(trafficAdminModule);
  await app.register(myTrafficModule);
  await app.register(withdrawalsModule);
  // The user's traffic gifts (/push), through the traffic ledger.
  await app.register(giftsModule);
  // The user's invite rebate (/channel): reads what fulfilment pays.
  await app.register(channelsModule);
  // The lottery: prizes (operations) and paid users' draws, through the traffic ledger and coupons.
  await app.register(prizesModule);
  // Support tickets (/feedback), their images through the uploads above.
  await app.register(ticketsModule);
  // The user's profile (after accounts and uploads) and the shared Apple ID accounts (settings).
  await app.register(profileModule);
  await app.register(appleIdsModule);
  // The back office's statistics read what the modules above record.
  await app.register(statisticsModule);
  // Last: start-up data goes through the services above.
  await app.register(seedModule);

  if (config.benchRoutes) {
    // The baseline the bench compares envelope calls against: Fastify with nothing of ours.
    app.get('/bench/bare', async () => ({ hello: 'world' }));
  }

  return app;
}
