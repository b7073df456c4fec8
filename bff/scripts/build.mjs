// Compiles the BFF for production into one ES module, bff/dist/server.js: our sources and the
// workspace packages (@portal/*, TypeScript sources) bundled, every npm package left to Node's
// own resolution from node_modules (PGlite, argon2 and the rest load their files as usual).
// `npm start` runs it with plain Node; `npm run dev -w bff` keeps tsx in watch mode.
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const bff = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(bff, 'dist');
// `npm test` compiles once, first, and sets BFF_DIST_READY: its steps run side by side, and a
// step's rebuild must not delete the file another step's server is starting from.
if (process.env.BFF_DIST_READY === '1' && existsSync(path.join(outdir, 'server.js'))) {
  process.stdout.write('bff: dist/server.js kept (compiled at the start of npm test)\n');
  process.exit(0);
}
rmSync(outdir, { recursive: true, force: true });

const started = Date.now();
await build({
  entryPoints: [path.join(bff, 'src/server.ts')],
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22.12',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'npm-packages-external',
      setup(builder) {
        // Bare specifiers are npm packages (external) unless they are our workspace packages.
        builder.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@portal/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
process.stdout.write(`bff: compiled to dist/server.js in ${Date.now() - started} ms\n`);
