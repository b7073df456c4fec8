import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Placeholder: being built (issue 5). */
async function shopModule(_fastify: FastifyInstance) {}

export default fp(shopModule, { name: 'shop', dependencies: ['db', 'auth', 'envelope'] });
