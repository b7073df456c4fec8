import { startTransition } from 'react';
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
  // A transition renders in slices that give the main thread back every few milliseconds: a
  // visitor's tap on the first paint is not held behind one long render task (issue 29).
  startTransition(() => {
    root.render(<App />);
  });
  startSession();
}

void start();
