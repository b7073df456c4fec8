// Development: every app's dev server with hot reload, and the BFF in watch mode, with the
// BFF's portal config pointing the shell at the remotes' dev servers.
//
//   npm run dev                              shell :3000, remotes :3001-3004, BFF :8080
//   PORTAL_DEV_PORT_BASE=19000 npm run dev   shell :19000, remotes :19001-19004, BFF :19005
//
// Each child runs in its own process group, so stopping this script (Ctrl-C, SIGTERM) stops the
// dev servers and the BFF with everything they started.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ports } from '@portal/build-config';

const remotes = [
  ['mf_user', 'mf-user', 'REMOTE_MF_USER_URL'],
  ['mf_shop', 'mf-shop', 'REMOTE_MF_SHOP_URL'],
  ['mf_tutorials', 'mf-tutorials', 'REMOTE_MF_TUTORIALS_URL'],
  ['mf_admin', 'mf-admin', 'REMOTE_MF_ADMIN_URL'],
];
const origin = (port) => `http://localhost:${port}`;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const env = {
  ...process.env,
  PORT: String(ports.bff),
  // Its own database, apart from npm start's ./data (PGlite must not be opened twice).
  DATA_DIR: path.resolve(root, process.env.DATA_DIR ?? '.data/dev'),
  // The dev servers proxy /api to the BFF; their pages' origins may make state-changing calls.
  PUBLIC_ORIGIN: [ports.shell, ...remotes.map(([name]) => ports[name])].map(origin).join(','),
  ...Object.fromEntries(remotes.map(([name, , variable]) => [variable, `${origin(ports[name])}/mf-manifest.json`])),
  // The shell and the remotes come from their dev servers, not from dist/.
  SERVE_STATIC: 'false',
};

mkdirSync(env.DATA_DIR, { recursive: true });

const tasks = [['bff', ports.bff], ['shell', ports.shell], ...remotes.map(([name, folder]) => [folder, ports[name]])];

const busy = [];
for (const [name, port] of tasks) if (!(await isFree(port))) busy.push(`${name} :${port}`);
if (busy.length > 0) {
  console.error(`dev: port(s) in use: ${busy.join(', ')}. Stop what uses them or set PORTAL_DEV_PORT_BASE.`);
  process.exit(1);
}

let stopping = false;
const children = tasks.map(([name]) => {
  const child = spawn('npm', ['run', 'dev', '--silent', '-w', name], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const prefix = `[${name}]`.padEnd(15);
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + String(chunk)).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        if (line.trim() && !line.includes('Unknown user config "nodedir"')) process.stdout.write(`${prefix}${line}\n`);
      }
    });
  }
  child.on('exit', (code, signal) => {
    child.exited = true;
    if (!stopping) {
      console.log(`${prefix}exited (${signal ?? code}); stopping the others`);
      void stop(1);
    }
  });
  return child;
});

console.log(
  `portal: ${origin(ports.shell)}/  (API on ${ports.bff}; remotes standalone on ${remotes.map(([n]) => ports[n]).join(', ')})`,
);

async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  const signalAll = (signal) => {
    for (const child of children) {
      if (child.exited) continue;
      try {
        process.kill(-child.pid, signal);
      } catch {
        // the group is already gone
      }
    }
  };
  signalAll('SIGTERM');
  const deadline = Date.now() + 12_000;
  while (children.some((c) => !c.exited) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  signalAll('SIGKILL');
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
process.on('SIGHUP', () => void stop(0));

function isFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}
