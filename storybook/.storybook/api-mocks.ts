import { delay, http, HttpResponse } from 'msw';
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

/** `GET <any origin>/api/<path>` answering plain JSON, like the e-mail confirmation calls. */
export function getJsonHandler(path: string, body: Record<string, unknown>) {
  const route = path.replace(/^\/+/, '');
  return http.get(`*/api/${route}`, () => HttpResponse.json(body));
}

/** A call that never answers, for stories of loading states. */
export function pendingHandler(path: string, method: 'get' | 'post' = 'post') {
  const route = path.replace(/^\/+/, '');
  return http[method](`*/api/${route}`, async () => {
    await delay('infinite');
    return HttpResponse.json({});
  });
}
