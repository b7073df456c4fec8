import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Placeholder: being built (issue 5). */
async function ordersModule(_fastify: FastifyInstance) {}

export default fp(ordersModule, { name: 'orders', dependencies: ['db', 'auth', 'envelope'] });
