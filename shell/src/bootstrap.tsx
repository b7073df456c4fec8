import { createRoot } from 'react-dom/client';
import { applyAddressParams, startSession, usePortal } from '@portal/platform';
import { loadPortalConfig } from './app/portal-config';
import { registerPortalRemotes } from './app/federation';
import { App } from './app/app';

async function start(): Promise<void> {
  const config = await loadPortalConfig();
  usePortal.getState().setConfig(config);
  registerPortalRemotes(config);
  await applyAddressParams();
  const root = createRoot(document.getElementById('root')!);
  root.render(<App />);
  startSession();
}

void start();
