import { http, HttpResponse } from 'msw';
import { Codes, encodeResponse } from '@portal/contracts';

/**
 * An MSW handler that answers `POST <any origin>/api/<path>` the way the BFF does: the
 * base64 envelope around {code, data, msg}. Stories mock the network with it, so components
 * run through the real API client (`call`) and codec.
 */
export function apiHandler<T>(path: string, data: T, code: number = Codes.OK, msg = 'ok') {
  const route = path.replace(/^\/+/, '');
  return http.post(`*/api/${route}`, () => HttpResponse.json(encodeResponse({ code, data, msg })));
}
