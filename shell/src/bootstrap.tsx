import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { applyAddressParams, startSession, usePortal } from '@portal/platform';
import { portalSystem } from '@portal/ui/system';
import { loadPortalConfig } from './app/portal-config';
import { registerPortalRemotes } from './app/federation';
import { App } from './app/app';

/** Gives the main thread back: what follows runs in a task of its own. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start(): Promise<void> {
  const config = await loadPortalConfig();
  usePortal.getState().setConfig(config);
  registerPortalRemotes(config);
  await applyAddressParams();
  // Chakra's system in a task of its own, after the modules' evaluation and before the render:
  // two shorter tasks instead of one long one that holds a tap on the drawn page (issue 29).
  await nextTask();
  portalSystem();
  await nextTask();
  const root = createRoot(document.getElementById('root')!);
  // A transition renders in slices that give the main thread back every few milliseconds: a
  // visitor's tap on the first paint is not held behind one long render task (issue 29).
  startTransition(() => {
    root.render(<App />);
  });
  startSession();
}

void start();
