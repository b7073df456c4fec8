import type { AddressInfo } from 'node:net';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type AppConfig } from './config.js';

const GRACE_MS = 10_000;
const FORCE_CLOSE_MS = 5_000;

/** Where the data lives, without credentials. */
function describeDatabase(config: AppConfig): string {
  const { database } = config;
  if (database.driver === 'postgres') {
    const url = new URL(database.url);
    return `PostgreSQL ${url.host}${url.pathname}`;
  }
  return 'dataDir' in database && database.dataDir ? `PGlite in ${database.dataDir}` : 'PGlite';
}

async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      // No logger exists before the configuration does.
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }

  // A terminal gets readable lines; anything else (a file, a log collector) JSON lines.
  const app = await buildApp(config, { prettyLogs: process.stdout.isTTY === true });

  // SIGTERM: first a drain period (SHUTDOWN_DRAIN_SECONDS) in which /readyz says not ready while
  // requests are still served, so a load balancer stops sending new ones; then (SIGINT: at once)
  // stop accepting, let in-flight requests finish (new ones on open connections get 503), and
  // close the database. A second signal or the grace period forces the exit; the process always exits.
  closeWithGrace({ delay: GRACE_MS + config.shutdownDrainMs, logger: app.log }, async ({ signal, err }) => {
    if (err !== undefined) app.log.error({ err }, 'closing after an unexpected error');
    else app.log.info({ signal, drainMs: signal === 'SIGTERM' ? config.shutdownDrainMs : 0 }, 'closing');
    if (signal === 'SIGTERM' && config.shutdownDrainMs > 0) {
      app.beginDrain();
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
    }
    // Requests in flight get FORCE_CLOSE_MS to finish. A connection still open then (seen: one a
    // client opened just as the listener closed, whose request never got parsed) would hold the
    // close until the grace period kills the process, so it is dropped.
    const force = setTimeout(() => {
      app.log.warn('closing: dropping connections still open');
      app.server.closeAllConnections();
    }, FORCE_CLOSE_MS);
    force.unref();
    await app.close();
    clearTimeout(force);
  });

  try {
    await app.listen({ port: config.port, host: config.host });
    const { port } = app.server.address() as AddressInfo;
    const host = ['0.0.0.0', '::'].includes(config.host) ? 'localhost' : config.host;
    const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
    const admin =
      app.firstAdmin.status === 'exists' ? `${app.firstAdmin.email} (an admin already existed)` : app.firstAdmin.email;
    app.log.info(
      { url, database: describeDatabase(config), admin: app.firstAdmin.email, node: process.version },
      `portal on ${url} · database: ${describeDatabase(config)} · admin: ${admin} · Node ${process.version}`,
    );
  } catch (err) {
    app.log.error({ err }, 'could not start listening');
    await app.close();
    process.exit(1);
  }
}

await main();
