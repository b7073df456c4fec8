import type { Preview } from 'storybook-react-rsbuild';
import { MemoryRouter } from 'react-router';
import { setupWorker } from 'msw/browser';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { configure } from 'storybook/test';
import { useSession } from '@portal/platform';
import { clearToasts, PortalProvider } from '@portal/ui';
import { portalSystem } from '@portal/ui/system';
import { resetApiSequences } from './api-mocks';

// A play function's findBy… and waitFor wait up to 10 s for what a story's mocked calls and lazy
// chunks bring (the default 1 s, and once 5 s, failed on a loaded CI machine); what never
// arrives still fails.
configure({ asyncUtilTimeout: 10_000 });

async function startMockWorker() {
  const worker = setupWorker();
  await worker.start({
    // Relative, so the worker is found when the static build is served under a sub-path.
    serviceWorker: { url: 'mockServiceWorker.js' },
    // msw 3 renamed `onUnhandledRequest` to `onUnhandledFrame`; the BFF and assets pass through.
    onUnhandledFrame: 'bypass',
    quiet: true,
  });
  return worker;
}

/**
 * Every story starts as a fresh page would: a visitor, no toasts, no cookies and no stored
 * values of the portal (Storybook's own keys stay). Stories that need a user or stored state set
 * it in their own loader. The smoke run switches stories in one page, so this is what keeps one
 * story's state out of the next.
 */
function resetPage() {
  resetApiSequences();
  useSession.setState(useSession.getInitialState(), true);
  clearToasts();
  sessionStorage.clear();
  for (const key of Object.keys(localStorage)) {
    if (!key.toLowerCase().includes('storybook')) localStorage.removeItem(key);
  }
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  }
}

const preview = {
  // Project loaders finish before a story's own loaders start, so those can call the mocked API.
  loaders: [mswLoader(startMockWorker), resetPage],
  // The shell's providers; a story opens at another path with `parameters: { route: '/shop' }`.
  decorators: [
    (Story, { parameters }) => (
      <PortalProvider system={portalSystem()}>
        <MemoryRouter initialEntries={[(parameters.route as string | undefined) ?? '/']}>
          <Story />
        </MemoryRouter>
      </PortalProvider>
    ),
  ],
  parameters: {
    layout: 'fullscreen',
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
  },
} satisfies Preview;

export default preview;
