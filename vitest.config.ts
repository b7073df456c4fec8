import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);
const chakraThemeDir = path.join(path.dirname(require.resolve('@chakra-ui/react/package.json')), 'dist/esm/theme');

// Unit tests of the shared packages and front-end logic; the BFF has its own config (bff/).
export default defineConfig({
  resolve: { alias: { '@chakra-ui/theme-parts': chakraThemeDir } },
  test: {
    include: [
      'packages/**/*.test.{ts,tsx}',
      'scripts/**/*.test.ts',
      'shell/src/**/*.test.{ts,tsx}',
      'mf-*/src/**/*.test.{ts,tsx}',
    ],
    environment: 'node',
  },
});
