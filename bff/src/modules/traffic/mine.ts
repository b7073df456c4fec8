import { USER_TRAFFIC_RECORD_DAYS, type TrafficRecord, type TrafficRecordType } from '@portal/contracts';
import { MY_TRAFFIC_RECORDS_MAX, MyTrafficRecordsRequest } from '@portal/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { addDays, serviceDay } from '../../lib/service-day.js';
import { payloadOf } from '../../plugins/app/envelope.js';
import { createMyTrafficRepository, type MyTrafficRepository } from './mine-repository.js';

/**
 * /traffic_records (spec-2 §2, §9): the user's own records of the last 10 service days (today
 * included), newest first, of one type or all.
 */
export function createMyTrafficService({
  repo,
  timeZone,
  now = () => new Date(),
}: {
  repo: MyTrafficRepository;
  timeZone: string;
  now?: () => Date;
}) {
  return {
    async records(userId: string, { type = '' }: MyTrafficRecordsRequest): Promise<TrafficRecord[]> {
      const fromDay = addDays(serviceDay(now(), timeZone), 1 - USER_TRAFFIC_RECORD_DAYS);
      const rows = await repo.ofUser(userId, { type, fromDay, limit: MY_TRAFFIC_RECORDS_MAX });
      return rows.map((row) => ({
        _id: String(row.id),
        type: row.type as TrafficRecordType,
        desc: row.desc,
        trafficChange: row.trafficChange,
        exemptionTraffic: row.exemptionTraffic,
        allTraffic: row.allTraffic,
        allSpend: row.allSpend,
        day: row.day,
        updateTime: row.updatedAt.toISOString(),
      }));
    },
  };
}

async function myTrafficModule(fastify: FastifyInstance) {
  const service = createMyTrafficService({
    repo: createMyTrafficRepository(fastify.db),
    timeZone: fastify.config.serviceTimezone,
  });
  fastify.post('/api/traffic/my_traffic_records', {
    config: { access: 'user', payload: MyTrafficRecordsRequest },
    handler: async (request, reply) =>
      reply.envelope(await service.records(request.user!.id, payloadOf(request, MyTrafficRecordsRequest))),
  });
}

/** The user's own traffic records (/api/traffic/my_traffic_records). */
export const myTraffic = fp(myTrafficModule, {
  name: 'traffic-mine',
  dependencies: ['db', 'config', 'auth', 'envelope'],
});
