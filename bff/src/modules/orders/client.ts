import { cookieNames } from '@portal/contracts';
import type { FastifyRequest } from 'fastify';

/** The dashboard's platform tabs (spec-1 §2), kept in the `platform` cookie. */
const PLATFORMS = new Set(['windows', 'android', 'ios', 'macos']);

const UA_PLATFORMS: Array<[RegExp, string]> = [
  [/iphone|ipad|ipod/i, 'ios'],
  [/android/i, 'android'],
  [/mac os x|macintosh/i, 'macos'],
  [/windows/i, 'windows'],
];

/**
 * Where a purchase was made from, recorded on its trade: the platform the user chose on the
 * dashboard (cookie), else one guessed from the User-Agent; '' when neither says.
 */
export function platformOf(request: FastifyRequest): string {
  const chosen = request.cookies[cookieNames.platform];
  if (chosen !== undefined && PLATFORMS.has(chosen)) return chosen;
  const agent = request.headers['user-agent'] ?? '';
  return UA_PLATFORMS.find(([pattern]) => pattern.test(agent))?.[1] ?? '';
}
