/**
 * Test support: Debian's `v2ray` 4.34 (v4 command line) as a real node and a real client on
 * loopback, a minimal SOCKS5 client, and free ports. Used by the end-to-end node test only.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const V2RAY_BINARY = process.env.V2RAY_BIN ?? '/usr/bin/v2ray';
export const V2CTL_BINARY = process.env.V2CTL_BIN ?? '/usr/bin/v2ctl';

export function v2rayAvailable(): boolean {
  return existsSync(V2RAY_BINARY);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface VmessUser {
  /** UUID credential. */
  id: string;
  /** Identifies the user in v2ray's statistics ("user>>>email>>>traffic>>>uplink"). */
  email: string;
}

/** A vmess inbound carrying the given users, freedom outbound, and the stats API on `apiPort`. */
export function serverConfig(options: { port: number; apiPort: number; users: VmessUser[] }): object {
  return {
    log: { loglevel: 'warning' },
    stats: {},
    api: { tag: 'api', services: ['StatsService'] },
    policy: { levels: { '0': { statsUserUplink: true, statsUserDownlink: true } } },
    inbounds: [
      {
        tag: 'vmess-in',
        listen: '127.0.0.1',
        port: options.port,
        protocol: 'vmess',
        settings: { clients: options.users.map((u) => ({ id: u.id, alterId: 0, level: 0, email: u.email })) },
        streamSettings: { network: 'tcp' },
      },
      {
        tag: 'api',
        listen: '127.0.0.1',
        port: options.apiPort,
        protocol: 'dokodemo-door',
        settings: { address: '127.0.0.1' },
      },
    ],
    outbounds: [{ tag: 'direct', protocol: 'freedom' }],
    routing: { rules: [{ type: 'field', inboundTag: ['api'], outboundTag: 'api' }] },
  };
}

/** A SOCKS inbound on `socksPort` and one vmess outbound (the fields of a vmess:// link). */
export function clientConfig(options: {
  socksPort: number;
  server: { address: string; port: number; id: string; alterId: number; security: string; network: string };
}): object {
  const { server } = options;
  return {
    log: { loglevel: 'warning' },
    inbounds: [
      { listen: '127.0.0.1', port: options.socksPort, protocol: 'socks', settings: { auth: 'noauth', udp: false } },
    ],
    outbounds: [
      {
        protocol: 'vmess',
        settings: {
          vnext: [
            {
              address: server.address,
              port: server.port,
              users: [{ id: server.id, alterId: server.alterId, security: server.security }],
            },
          ],
        },
        streamSettings: { network: server.network },
      },
    ],
  };
}

/** Waits until something accepts TCP connections on a loopback port. */
export async function waitForPort(port: number, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on 127.0.0.1:${port} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface V2rayProcess {
  child: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

/** Writes the config to a temporary folder, checks it with `-test`, starts `v2ray -config` and waits for `port`. */
export async function startV2ray(config: object, port: number): Promise<V2rayProcess> {
  const dir = mkdtempSync(path.join(tmpdir(), 'v2ray-'));
  const file = path.join(dir, 'config.json');
  writeFileSync(file, JSON.stringify(config, null, 2));
  const check = spawnSync(V2RAY_BINARY, ['-test', '-config', file], { encoding: 'utf8', timeout: 10_000 });
  if (check.status !== 0) throw new Error(`v2ray -test refused the config:\n${check.stdout}\n${check.stderr}`);
  const child = spawn(V2RAY_BINARY, ['-config', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForPort(port);
  } catch (err) {
    await stop();
    throw new Error(`${(err as Error).message}\nv2ray output:\n${log}`, { cause: err });
  }
  return { child, output: () => log, stop };
}

/** Per-user byte counters from the stats API (`v2ctl api … StatsService.QueryStats`), reset after reading. */
export function queryUserStats(apiPort: number): Map<string, { uplink: number; downlink: number }> {
  const result = spawnSync(
    V2CTL_BINARY,
    ['api', `--server=127.0.0.1:${apiPort}`, 'StatsService.QueryStats', 'pattern: "user>>>" reset: true'],
    { encoding: 'utf8', timeout: 5_000 },
  );
  if (result.status !== 0) throw new Error(`v2ctl failed: ${result.stderr}`);
  const stats = new Map<string, { uplink: number; downlink: number }>();
  // Text protobuf: stat: < name: "user>>>a@b>>>traffic>>>uplink" value: 123 >
  const pattern = /name:\s*"user>>>(.+?)>>>traffic>>>(uplink|downlink)"\s*value:\s*(\d+)/g;
  for (const match of result.stdout.matchAll(pattern)) {
    const [, email, direction, value] = match;
    const entry = stats.get(email!) ?? { uplink: 0, downlink: 0 };
    entry[direction as 'uplink' | 'downlink'] = Number(value);
    stats.set(email!, entry);
  }
  return stats;
}

/** One HTTP/1.0 GET through a SOCKS5 proxy (no authentication); resolves with the raw response text. */
export async function httpGetViaSocks5(
  socksPort: number,
  target: { host: string; port: number; path: string },
  timeoutMs = 5_000,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socksPort, '127.0.0.1');
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('SOCKS5 request timed out'));
    }, timeoutMs);
    let stage: 'greeting' | 'connect' | 'data' = 'greeting';
    let buffer = Buffer.alloc(0);
    const chunks: Buffer[] = [];
    const fail = (message: string) => {
      clearTimeout(timer);
      socket.destroy();
      reject(new Error(message));
    };
    socket.once('connect', () => socket.write(Buffer.from([0x05, 0x01, 0x00])));
    socket.on('data', (data: Buffer) => {
      if (stage === 'data') {
        chunks.push(data);
        return;
      }
      buffer = Buffer.concat([buffer, data]);
      if (stage === 'greeting') {
        if (buffer.length < 2) return;
        if (buffer[0] !== 0x05 || buffer[1] !== 0x00) return fail('SOCKS5 greeting refused');
        buffer = buffer.subarray(2);
        stage = 'connect';
        const host = Buffer.from(target.host);
        const port = Buffer.alloc(2);
        port.writeUInt16BE(target.port);
        socket.write(Buffer.concat([Buffer.from([0x05, 0x01, 0x00, 0x03, host.length]), host, port]));
        return;
      }
      // connect reply: VER REP RSV ATYP(1: IPv4) ADDR(4) PORT(2) = 10 bytes for IPv4
      if (buffer.length < 10) return;
      if (buffer[1] !== 0x00) return fail(`SOCKS5 connect failed with reply ${buffer[1]}`);
      const rest = buffer.subarray(10);
      stage = 'data';
      if (rest.length > 0) chunks.push(rest);
      socket.write(`GET ${target.path} HTTP/1.0\r\nHost: ${target.host}:${target.port}\r\nConnection: close\r\n\r\n`);
    });
    socket.once('error', (err) => fail(err.message));
    socket.once('close', () => {
      clearTimeout(timer);
      if (stage !== 'data') reject(new Error(`SOCKS5 connection closed during ${stage}`));
      else resolve(Buffer.concat(chunks).toString('utf8'));
    });
  });
}
