import { Codes, type ChangeUseInfoAnswer } from '@portal/contracts';
import type { ChangeUseInfoRequest } from '@portal/contracts/schemas';
import { DomainError } from '../../lib/domain-error.js';
import type { RegistrationService } from '../accounts/registration.js';
import type { SessionUser } from '../sessions/index.js';
import type { UploadsService } from '../uploads/index.js';
import type { ProfileChange, ProfileRepository } from './repository.js';

export interface ProfileDeps {
  repo: ProfileRepository;
  uploads: Pick<UploadsService, 'ownImage'>;
  registration: Pick<RegistrationService, 'requestEmailChange'>;
}

/**
 * The profile (spec-2 §2 /user_info): the avatar, the three subscription options, a new e-mail
 * address (confirmed by mail before it applies) and the Telegram unbinding.
 */
export function createProfileService({ repo, uploads, registration }: ProfileDeps) {
  return {
    /**
     * change_use_info: only the payload's five fields, each kept when left out. Everything is
     * checked before anything is written: the avatar must be the user's own upload (or the
     * current value), a new address well formed and free. The e-mail is not changed here: a link
     * goes to the new address first (if it cannot be sent, nothing is written).
     */
    async changeUseInfo(
      user: SessionUser,
      input: ChangeUseInfoRequest,
      linkBase: string,
    ): Promise<ChangeUseInfoAnswer> {
      const change: ProfileChange = {};
      if (input.icon !== undefined && input.icon !== user.icon) {
        change.icon = await uploads.ownImage(input.icon.trim(), user, 'avatar');
      }
      if (input.inXinjiang !== undefined) change.inXinjiang = input.inXinjiang;
      if (input.in_foreign !== undefined) change.inForeign = input.in_foreign;
      if (input.use_english_node !== undefined) change.useEnglishNode = input.use_english_node;
      const mailedTo =
        input.email === undefined
          ? undefined
          : await registration.requestEmailChange({ userId: user.id, email: input.email, linkBase });
      await repo.update(user.id, change);
      return { mailedTo: mailedTo ?? null };
    },

    /** Ends the Telegram binding (spec-2 §6: agency users have no Telegram features). Unbound already: nothing to do. */
    async unbindTelegram(user: SessionUser, agency: boolean): Promise<void> {
      if (agency) throw new DomainError(Codes.NOT_ALLOWED);
      await repo.unbindTelegram(user.id);
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
