import type { HostInfo } from '@portal/contracts';
import { EmptyRequest, SetConfigRequest } from '@portal/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import { ownOrigin } from '../../plugins/app/origin-check.js';
import { backOfficeRoute, type AuditService } from '../audit/index.js';
import { authorizeSettingsChange } from '../staff/access.js';
import type { SettingsService } from './service.js';

const ANNOUNCEMENT_KEYS = [
  'preferDomain',
  'notice_show',
  'notice_mark_red',
  'notice_title',
  'notice_content',
  'notice_day_interval',
  'entry_url',
  'contact',
  'chat_group_url',
  'inviteRule',
] as const;

/** The announcement config; `entryUrl` stands in for an empty entry_url setting. */
export async function hostInfo(settings: SettingsService, entryUrl: string): Promise<HostInfo> {
  const s = await settings.getMany(ANNOUNCEMENT_KEYS);
  return {
    preferDomain: s.preferDomain,
    inviteOnly: s.inviteRule,
    notice: {
      notice_show: s.notice_show,
      notice_mark_red: s.notice_mark_red,
      notice_title: s.notice_title,
      notice_content: s.notice_content,
      notice_day_interval: s.notice_day_interval,
      entry_url: s.entry_url === '' ? entryUrl : s.entry_url,
      contact: s.contact,
      chat_group_url: s.chat_group_url,
    },
  };
}

export function settingsRoutes(fastify: FastifyInstance, settings: SettingsService, audit: AuditService) {
  // Public: the announcement shows before anyone signs in.
  fastify.post('/api/host/get', {
    config: { access: 'public', payload: EmptyRequest },
    handler: async (request, reply) =>
      reply.envelope(await hostInfo(settings, fastify.config.publicBaseUrl || ownOrigin(request))),
  });

  // The configuration screen: generated from the definitions; every reader of a setting reads the
  // database on each call, so a saved value applies at once, on every instance.
  backOfficeRoute(fastify, '/api/admin/config/get', EmptyRequest, () => settings.adminConfig(), 'settings.read');

  // settings.edit; payment settings and secrets need settings.secrets, admin_id the owner and
  // yunying_list staff.edit (modules/staff). admin_id and yunying_list are stored as user ids.
  backOfficeRoute(
    fastify,
    '/api/admin/config/set_config',
    SetConfigRequest,
    async (sent, operator, request) => {
      const values = await fastify.staff.settingsInput(sent);
      const notices = await audit.within(operator, async (log) => {
        const { before, after, notices } = await settings.setFromAdmin(values, (changed) =>
          authorizeSettingsChange(request.staff, changed),
        );
        await log({ recordType: 'config', recordId: 'settings', action: 'update', before, after });
        return notices;
      });
      const config = await settings.adminConfig();
      return notices.length === 0 ? config : { ...config, notices };
    },
    'settings.edit',
  );
}
