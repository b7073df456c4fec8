import { portalConfig, ports } from '@portal/build-config';

const bff = `http://localhost:${ports.bff}`;

export default portalConfig({
  name: 'mf_admin',
  exposes: { './pages': './src/pages.tsx' },
  // Standalone development talks to the BFF through this dev server.
  server: { proxy: { '/api': bff } },
});
