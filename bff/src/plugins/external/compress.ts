import compress from '@fastify/compress';
import { constants } from 'node:zlib';
import fp from 'fastify-plugin';

/**
 * Dynamic responses of 1 KB or more (subscription files, long lists, the back office's pages)
 * are compressed for clients that accept it: brotli at quality 4 (quality 11 is for files
 * compressed once at build time, far too slow per request), else gzip. Responses that already
 * carry an encoding (the build's precompressed files, the shell's page) are left as they are;
 * images and other incompressible types too. `COMPRESS_RESPONSES=false` turns it off (a proxy in
 * front that compresses already). `npm run bench` measures it (docs/operations.md).
 */
export default fp(
  async (fastify) => {
    if (!fastify.config.compressResponses) return;
    await fastify.register(compress, {
      threshold: 1024,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    });
  },
  { name: 'compress', dependencies: ['config'] },
);
