import type { FastifyRequest } from 'fastify';

/**
 * Agency mode, as the browser decides it (packages/platform isAgencyHost: the page's host is the
 * AGENCY_DOMAIN's host) or as the account says it (users.is_agency).
 */
export function isAgencyRequest(request: FastifyRequest, agencyHost: string): boolean {
  return request.user?.isAgency === true || (agencyHost !== '' && request.host.toLowerCase() === agencyHost);
}

export const agencyHostOf = (agencyDomain: string): string => new URL(agencyDomain).host.toLowerCase();
