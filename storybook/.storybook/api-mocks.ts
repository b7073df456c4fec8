import { delay, http, HttpResponse } from 'msw';
import { Codes, decodeRequest, encodeResponse } from '@portal/contracts';

/**
 * An MSW handler that answers `POST <any origin>/api/<path>` the way the BFF does: the
 * base64 envelope around {code, data, msg}. Stories mock the network with it, so components
 * run through the real API client (`call`) and codec.
 */
export function apiHandler<T>(path: string, data: T, code: number = Codes.OK, msg = 'ok') {
  const route = path.replace(/^\/+/, '');
  return http.post(`*/api/${route}`, () => HttpResponse.json(encodeResponse({ code, data, msg })));
}

/** `POST <any origin>/api/<path>` answering what `answer` makes of the decoded payload (a list the server filters). */
export function apiFilterHandler<T>(path: string, answer: (payload: Record<string, unknown>) => T) {
  const route = path.replace(/^\/+/, '');
  return http.post(`*/api/${route}`, async ({ request }) =>
    HttpResponse.json(encodeResponse({ code: Codes.OK, data: answer(decodeRequest(await request.json())), msg: 'ok' })),
  );
}

/** `GET <any origin>/api/<path>` answering plain JSON, like the e-mail confirmation calls. */
export function getJsonHandler(path: string, body: Record<string, unknown>) {
  const route = path.replace(/^\/+/, '');
  return http.get(`*/api/${route}`, () => HttpResponse.json(body));
}

/**
 * `GET <any origin>/api/<path>` answering successive calls with successive plain JSON bodies (the
 * last repeats); `'network-error'` fails the request as a lost connection does.
 */
export function getJsonSequence(path: string, answers: Array<Record<string, unknown> | 'network-error'>) {
  const route = path.replace(/^\/+/, '');
  let calls = 0;
  return http.get(`*/api/${route}`, () => {
    const answer = answers[Math.min(calls, answers.length - 1)]!;
    calls += 1;
    return answer === 'network-error' ? HttpResponse.error() : HttpResponse.json(answer);
  });
}

/** A call that never answers, for stories of loading states. */
export function pendingHandler(path: string, method: 'get' | 'post' = 'post') {
  const route = path.replace(/^\/+/, '');
  return http[method](`*/api/${route}`, async () => {
    await delay('infinite');
    return HttpResponse.json({});
  });
}

/** One answer of `apiSequence`. */
export interface MockAnswer<T> {
  data: T;
  code?: number;
  msg?: string;
}

/** The recorded calls of every `apiSequence`, emptied before each story (the preview's loader). */
const sequenceCalls = new Set<Record<string, unknown>[]>();

/** Forgets every call recorded so far: each story's sequences start at their first answer. */
export function resetApiSequences(): void {
  for (const calls of sequenceCalls) calls.length = 0;
}

/**
 * Answers successive calls of `POST /api/<path>` with successive answers (the last one repeats)
 * and records each decoded payload, so a story can check what was sent and how often: polling
 * that must stop, a code that must be trimmed. Sequences are reset before every story.
 */
export function apiSequence<T>(path: string, answers: MockAnswer<T>[]) {
  const route = path.replace(/^\/+/, '');
  const calls: Record<string, unknown>[] = [];
  sequenceCalls.add(calls);
  const handler = http.post(`*/api/${route}`, async ({ request }) => {
    calls.push(decodeRequest(await request.json()));
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)]!;
    return HttpResponse.json(
      encodeResponse({ code: answer.code ?? Codes.OK, data: answer.data, msg: answer.msg ?? 'ok' }),
    );
  });
  return { handler, calls };
}

/** `GET` of a static file whose URL matches, answered with an HTTP error (an asset that is missing). */
export function missingFileHandler(url: RegExp, status = 404) {
  return http.get(url, () => new HttpResponse(null, { status }));
}
