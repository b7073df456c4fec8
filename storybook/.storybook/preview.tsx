import type { Preview } from 'storybook-react-rsbuild';
import { MemoryRouter } from 'react-router';
import { setupWorker } from 'msw/browser';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { configure } from 'storybook/test';
import { useSession } from '@portal/platform';
import { PortalProvider } from '@portal/ui';
import { portalSystem } from '@portal/ui/system';

// A play function's findBy… and waitFor wait up to 5 s for what a story's mocked calls and lazy
// chunks bring (the default 1 s fails on a busy CI machine); what never arrives still fails.
configure({ asyncUtilTimeout: 5000 });

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

/** Every story starts as a visitor; stories that need a user set one in their own loader. */
function resetSession() {
  useSession.setState(useSession.getInitialState(), true);
}

const preview = {
  // Project loaders finish before a story's own loaders start, so those can call the mocked API.
  loaders: [mswLoader(startMockWorker), resetSession],
  // The shell's providers; a story opens at another path with `parameters: { route: '/shop' }`.
  decorators: [
    (Story, { parameters }) => (
      <PortalProvider system={portalSystem}>
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
