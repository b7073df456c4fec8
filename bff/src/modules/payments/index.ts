import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Placeholder: being built (issue 5). */
async function paymentsModule(_fastify: FastifyInstance) {}

export default fp(paymentsModule, { name: 'payments', dependencies: ['db', 'auth', 'envelope'] });
