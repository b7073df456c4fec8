// Starts the all-in-one BFF for the e2e run on a fresh data directory.
import { spawn } from 'node:child_process';
import { rmSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { e2eEnv, repoRoot } from './env.ts';

rmSync(e2eEnv.dataDir, { recursive: true, force: true });
mkdirSync(e2eEnv.dataDir, { recursive: true });
const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'bff/src/server.ts')], {
  cwd: path.join(repoRoot, 'bff'),
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: String(e2eEnv.bffPort),
    HOST: '127.0.0.1',
    DATA_DIR: e2eEnv.dataDir,
    ADMIN_EMAIL: e2eEnv.admin.email,
    ADMIN_PASSWORD: e2eEnv.admin.password,
    REMOTE_MF_TUTORIALS_URL: `${e2eEnv.remoteHostUrl}/mf-manifest.json`,
    AGENCY_DOMAIN: e2eEnv.agencyUrl,
    LOG_LEVEL: 'warn',
  },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => process.exit(code ?? 0));
