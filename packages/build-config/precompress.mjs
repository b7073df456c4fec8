// Build-time compression: a brotli (quality 11) and a gzip (level 9) copy beside every text file
// of a production build, so that servers send them as they are (the BFF's static plugin, the
// e2e static host, any CDN that serves precompressed files) instead of compressing per request
// or not at all. Rsbuild has no such option (`server.compress` is for its own servers).
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { logger } from '@rsbuild/core';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text files worth compressing: pages, scripts, styles, manifests, remote entries, SVG. */
export const COMPRESSIBLE = /\.(html|js|mjs|css|json|svg|txt)$/i;

async function* filesUnder(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile() && COMPRESSIBLE.test(entry.name)) yield full;
  }
}

/**
 * Writes `<file>.br` and `<file>.gz` for every compressible file under `dir`.
 * @returns {Promise<{ files: number, bytes: number, brotliBytes: number }>}
 */
export async function precompressDir(dir) {
  const totals = { files: 0, bytes: 0, brotliBytes: 0 };
  const jobs = [];
  for await (const file of filesUnder(dir)) {
    jobs.push(
      (async () => {
        const body = await readFile(file);
        const [br, gzipped] = await Promise.all([
          brotli(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            },
          }),
          gz(body, { level: 9 }),
        ]);
        await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
        totals.files += 1;
        totals.bytes += body.length;
        totals.brotliBytes += br.length;
      })(),
    );
  }
  await Promise.all(jobs);
  return totals;
}

/** Rsbuild plugin: precompresses the output after every production build. */
export function pluginPrecompress() {
  return {
    name: 'portal:precompress',
    setup(api) {
      api.onAfterBuild({
        order: 'post',
        handler: async ({ isFirstCompile }) => {
          if (isFirstCompile === false) return;
          const dir = api.context.distPath;
          if (!(await stat(dir).catch(() => null))) return;
          const { files, bytes, brotliBytes } = await precompressDir(dir);
          logger.info(
            `precompressed ${files} files: ${(bytes / 1000).toFixed(1)} kB → ${(brotliBytes / 1000).toFixed(1)} kB brotli`,
          );
        },
      });
    },
  };
}
