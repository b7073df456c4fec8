import cookie from '@fastify/cookie';
import fp from 'fastify-plugin';

// Unsigned: the session cookie carries a 256-bit random token whose hash is checked server-side.
export default fp(
  async (fastify) => {
    await fastify.register(cookie);
  },
  { name: 'cookie' },
);
