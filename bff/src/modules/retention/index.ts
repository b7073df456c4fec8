import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { pruneTable, retentionRules } from './prune.js';

export { PRUNE_BATCH_ROWS, pruneTable, retentionRules, type RetentionRule } from './prune.js';

/** How often the pruning job runs. */
export const PRUNE_INTERVAL_MS = 60 * 60_000;

/**
 * Growth is bounded: the pruning job deletes log rows past their retention (config `retention`,
 * docs/operations.md "Background jobs"), table by table, in bounded batches.
 */
async function retentionModule(fastify: FastifyInstance) {
  fastify.jobs.define({
    name: 'retention.prune',
    every: () => PRUNE_INTERVAL_MS,
    run: async () => {
      const deleted: Record<string, number> = {};
      for (const rule of retentionRules(fastify.config.retention, fastify.jobs.names())) {
        const count = await pruneTable(fastify.db, rule);
        if (count > 0) deleted[rule.table] = count;
      }
      if (Object.keys(deleted).length > 0) fastify.log.info({ deleted }, 'retention: old log rows deleted');
      return deleted;
    },
  });
}

export default fp(retentionModule, { name: 'retention', dependencies: ['db', 'config', 'jobs'] });
