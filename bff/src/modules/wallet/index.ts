import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Placeholder: being built (issue 5). */
async function walletModule(_fastify: FastifyInstance) {}

export default fp(walletModule, { name: 'wallet', dependencies: ['db', 'auth', 'envelope'] });
