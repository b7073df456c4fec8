// A local stand-in for TronGrid's TRC20 history, so tests never reach the internet: the BFF's
// USDT watcher reads it through the `usdt_chain_api` setting. Tests add transfers over HTTP.
//
//   node scripts/lib/local-tron.mjs [--port 18082]      (or LOCAL_TRON_PORT; 0 = any free port)
//
//   GET    /v1/accounts/{address}/transactions/trc20?only_to=true&contract_address=…&min_timestamp=…&limit=…
//          TronGrid's answer shape: {data: [{transaction_id, token_info: {address, decimals, symbol},
//          block_timestamp, from, to, type, value}], success, meta: {at, page_size, links?: {next}}}
//   POST   /__test__/transfers  {to, amount: "1.234" | value: "1234000", from?, contract?, decimals?,
//          txId?, blockTime? (ms)} → the stored transfer (defaults: official USDT contract, 6 decimals,
//          a random sender and transaction id, block time now)
//   DELETE /__test__/transfers  forgets every transfer
//   GET    /__test__/health     → {ok: true}
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { pathToFileURL } from 'node:url';

export const USDT_TRC20_CONTRACT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz';

/** A random string shaped like a TRON address (T + 33 base58 characters; not a valid checksum). */
export function randomTronAddress() {
  return `T${[...randomBytes(33)].map((b) => BASE58[b % BASE58.length]).join('')}`;
}

/** "1.234" with `decimals` → the integer string of the smallest unit. */
function toUnits(amount, decimals) {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(String(amount));
  if (match === null) throw new Error(`amount ${amount} is not a decimal number`);
  const fraction = (match[2] ?? '').padEnd(decimals, '0');
  if (fraction.length > decimals) throw new Error(`amount ${amount} has more than ${decimals} decimals`);
  return (BigInt(match[1]) * 10n ** BigInt(decimals) + BigInt(fraction === '' ? '0' : fraction)).toString();
}

function readJson(req) {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      try {
        resolve(body === '' ? {} : JSON.parse(body));
      } catch (error) {
        reject(error);
      }
    });
    req.on('error', reject);
  });
}

function send(res, status, body) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

/** Starts the server (types in local-tron.d.mts). */
export async function startLocalTron({ port = 0, host = '127.0.0.1' } = {}) {
  /** Stored in TronGrid's own item shape. */
  const transfers = [];
  /** How many list calls were answered (tests check that nothing was fetched). */
  let requests = 0;

  function addTransfer(input) {
    if (typeof input.to !== 'string' || input.to === '') throw new Error('to is required');
    const decimals = input.decimals ?? 6;
    const value = input.value !== undefined ? String(input.value) : toUnits(input.amount, decimals);
    const item = {
      transaction_id: input.txId ?? randomBytes(32).toString('hex'),
      token_info: { symbol: 'USDT', address: input.contract ?? USDT_TRC20_CONTRACT, decimals, name: 'Tether USD' },
      block_timestamp: input.blockTime ?? Date.now(),
      from: input.from ?? randomTronAddress(),
      to: input.to,
      type: 'Transfer',
      value,
    };
    transfers.push(item);
    return item;
  }

  function list(address, query, selfUrl) {
    requests += 1;
    const onlyTo = query.get('only_to') === 'true';
    const onlyFrom = query.get('only_from') === 'true';
    const contract = query.get('contract_address');
    const min = Number(query.get('min_timestamp') ?? 0);
    const max = Number(query.get('max_timestamp') ?? Number.MAX_SAFE_INTEGER);
    const limit = Math.min(Math.max(Number(query.get('limit') ?? 20), 1), 200);
    const offset = Number(query.get('fingerprint') ?? 0);
    const ascending = (query.get('order_by') ?? 'block_timestamp,desc').endsWith(',asc');
    const matching = transfers
      .filter((t) =>
        onlyTo ? t.to === address : onlyFrom ? t.from === address : t.to === address || t.from === address,
      )
      .filter((t) => contract === null || t.token_info.address === contract)
      .filter((t) => t.block_timestamp >= min && t.block_timestamp <= max)
      .sort((a, b) => (ascending ? a.block_timestamp - b.block_timestamp : b.block_timestamp - a.block_timestamp));
    const data = matching.slice(offset, offset + limit);
    const meta = { at: Date.now(), page_size: data.length };
    if (offset + limit < matching.length) {
      const next = new URL(selfUrl);
      next.searchParams.set('fingerprint', String(offset + limit));
      meta.fingerprint = String(offset + limit);
      meta.links = { next: next.toString() };
    }
    return { data, success: true, meta };
  }

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
    try {
      const history = /^\/v1\/accounts\/([^/]+)\/transactions\/trc20\/?$/.exec(url.pathname);
      if (req.method === 'GET' && history !== null)
        return send(res, 200, list(decodeURIComponent(history[1]), url.searchParams, url));
      if (url.pathname === '/__test__/transfers' && req.method === 'POST')
        return send(res, 200, addTransfer(await readJson(req)));
      if (url.pathname === '/__test__/transfers' && req.method === 'DELETE') {
        transfers.length = 0;
        return send(res, 200, { ok: true });
      }
      if (url.pathname === '/__test__/health')
        return send(res, 200, { ok: true, transfers: transfers.length, requests });
      return send(res, 404, { success: false, error: 'not found' });
    } catch (error) {
      return send(res, 400, { success: false, error: error instanceof Error ? error.message : String(error) });
    }
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  const address = server.address();
  const actualPort = typeof address === 'object' && address !== null ? address.port : port;
  return {
    url: `http://${host}:${actualPort}`,
    port: actualPort,
    transfers,
    get requests() {
      return requests;
    },
    addTransfer,
    clear: () => {
      transfers.length = 0;
    },
    close: () => new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const flag = process.argv.indexOf('--port');
  const port = Number(flag >= 0 ? process.argv[flag + 1] : (process.env.LOCAL_TRON_PORT ?? 18082));
  const chain = await startLocalTron({ port, host: process.env.LOCAL_TRON_HOST ?? '127.0.0.1' });
  console.log(`local TRC20 chain source on ${chain.url} (POST ${chain.url}/__test__/transfers to add a transfer)`);
  const stop = () => chain.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
