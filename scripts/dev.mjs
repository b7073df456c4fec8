// Development: every app's dev server with hot reload, and the BFF in watch mode, with the
// BFF's portal config pointing the shell at the remotes' dev servers.
import { spawn } from 'node:child_process';
import { ports } from '@portal/build-config';

const remoteUrl = (name) => `http://localhost:${ports[name]}/mf-manifest.json`;
const env = {
  ...process.env,
  PORT: String(ports.bff),
  // The shell's dev server proxies the API, so browser calls carry the shell's origin.
  PUBLIC_ORIGIN: `http://localhost:${ports.shell}`,
  REMOTE_MF_USER_URL: remoteUrl('mf_user'),
  REMOTE_MF_SHOP_URL: remoteUrl('mf_shop'),
  REMOTE_MF_TUTORIALS_URL: remoteUrl('mf_tutorials'),
  REMOTE_MF_ADMIN_URL: remoteUrl('mf_admin'),
  SERVE_STATIC: 'false',
};

const tasks = [
  ['bff', ['run', 'dev', '-w', 'bff']],
  ['shell', ['run', 'dev', '-w', 'shell']],
  ['mf-user', ['run', 'dev', '-w', 'mf-user']],
  ['mf-shop', ['run', 'dev', '-w', 'mf-shop']],
  ['mf-tutorials', ['run', 'dev', '-w', 'mf-tutorials']],
  ['mf-admin', ['run', 'dev', '-w', 'mf-admin']],
];

const children = tasks.map(([name, args]) => {
  const child = spawn('npm', args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = `[${name}]`.padEnd(15);
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk) => {
      for (const line of String(chunk).split('\n')) if (line.trim()) process.stdout.write(`${prefix}${line}\n`);
    });
  }
  child.on('exit', (code) => console.log(`${prefix}exited with ${code}`));
  return child;
});

console.log(`portal: http://localhost:${ports.shell}/  (API on ${ports.bff})`);
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
