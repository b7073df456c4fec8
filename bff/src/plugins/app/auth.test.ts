import { EmptyRequest } from '@portal/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.js';

const withRoute = (add: (app: FastifyInstance) => void) => buildTestApp({ configure: add });

describe('auth: every /api route says who may call it', () => {
  it('refuses to start when an /api route declares no config.access', async () => {
    await expect(withRoute((a) => a.get('/api/test/no-access', async () => ({ open: true })))).rejects.toThrow(
      "API route /api/test/no-access must declare config.access ('public', 'user' or a role list)",
    );
  });

  it('refuses to start an envelope route without config.access too, whatever its payload schema', async () => {
    await expect(
      withRoute((a) =>
        a.post('/api/test/no-access', {
          config: { payload: EmptyRequest },
          handler: async (_r, reply) => reply.envelope(),
        }),
      ),
    ).rejects.toThrow('must declare config.access');
  });

  it('routes outside /api need no config.access and are recorded for the HTTP route inventory', async () => {
    const app = await withRoute((a) => a.get('/outside/test', async () => ({ ok: true })));
    try {
      expect(app.httpRoutes).toContainEqual({ methods: ['GET'], url: '/outside/test', access: undefined });
      expect(app.apiRoutes.some((r) => r.url === '/outside/test')).toBe(false);
    } finally {
      await app.close();
    }
  });
});
