import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress.mjs';

const dir = mkdtempSync(path.join(tmpdir(), 'precompress-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('precompressDir', () => {
  it('writes brotli and gzip copies beside every text file, and leaves images alone', async () => {
    const js = 'export const a = 1;\n'.repeat(100);
    mkdirSync(path.join(dir, 'static/js'), { recursive: true });
    writeFileSync(path.join(dir, 'static/js/main.0123456789.js'), js);
    writeFileSync(path.join(dir, 'mf-manifest.json'), '{"name":"x"}');
    writeFileSync(path.join(dir, 'logo.png'), Buffer.from([0x89, 0x50]));
    const totals = await precompressDir(dir);
    expect(totals.files).toBe(2);
    const file = path.join(dir, 'static/js/main.0123456789.js');
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(js);
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(js);
    expect(existsSync(path.join(dir, 'mf-manifest.json.br'))).toBe(true);
    expect(existsSync(path.join(dir, 'logo.png.br'))).toBe(false);
    // A second run (a rebuild into the same folder) does not compress the copies again.
    expect((await precompressDir(dir)).files).toBe(2);
  });
});
