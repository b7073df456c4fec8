import { appleIdMessages, Codes } from '@portal/contracts';
import type { AppleIdAccount } from '@portal/contracts/schemas';
import { DomainError } from '../../lib/domain-error.js';
import type { SessionUser } from '../sessions/index.js';
import type { SettingsService } from '../settings/index.js';

export interface AppleIdsDeps {
  settings: Pick<SettingsService, 'get'>;
}

/**
 * The shared Apple ID accounts (spec-2 §2, §6): the operator's `apple_ids` setting, handed to
 * paid users only. The server decides: anyone else gets the refusal and none of the data.
 */
export function createAppleIdsService({ settings }: AppleIdsDeps) {
  return {
    async list(user: SessionUser): Promise<AppleIdAccount[]> {
      if (!user.paidUser) throw new DomainError(Codes.APPLE_ID_PAID_ONLY, appleIdMessages.paidOnly);
      return settings.get('apple_ids');
    },
  };
}

export type AppleIdsService = ReturnType<typeof createAppleIdsService>;
