import type { ClientRule, ClientRuleMatch } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/admin/config/test_client_rule: which rule a client's User-Agent meets (settings.read). */
export function testClientRule(userAgent: string, rules?: ClientRule[]) {
  return call<ClientRuleMatch>(
    'admin/config/test_client_rule',
    rules === undefined ? { userAgent } : { userAgent, rules },
  );
}
