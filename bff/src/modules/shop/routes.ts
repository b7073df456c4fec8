import { ComboUpdate, EmptyRequest } from '@portal/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import { adminResource, type AuditService } from '../audit/index.js';
import { agencyHostOf, isAgencyRequest } from './agency.js';
import type { ShopService } from './service.js';

export function shopRoutes(fastify: FastifyInstance, shop: ShopService, audit: AuditService) {
  const agencyHost = agencyHostOf(fastify.config.agencyDomain);

  // Public: visitors see the shop too; a session (read by the auth hook) narrows the list.
  fastify.post('/api/shop/list', {
    config: { access: 'public', payload: EmptyRequest },
    handler: async (request, reply) =>
      reply.envelope(await shop.list({ user: request.user, agency: isAgencyRequest(request, agencyHost) })),
  });

  // The admin screen lists products with /api/shop/list (spec-2 §7).
  adminResource(fastify, audit, {
    base: '/api/admin/combo',
    permissions: { read: 'products.read', edit: 'products.edit' },
    names: { list: null, update: 'update_combo', delete: 'delete_combo' },
    update: ComboUpdate,
    records: shop.adminCombos,
    answer: (saved) => shop.combo(saved.id),
  });
}
