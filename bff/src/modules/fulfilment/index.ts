import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Placeholder: being built (issue 5). */
async function fulfilmentModule(_fastify: FastifyInstance) {}

export default fp(fulfilmentModule, { name: 'fulfilment', dependencies: ['db', 'auth', 'envelope'] });
