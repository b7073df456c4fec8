import { createHmac } from 'node:crypto';

/** `sha256=<hex HMAC-SHA256 of the raw body with the secret>`, the X-Webhook-Signature header. */
export function webhookSignature(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

export interface WebhookEvent {
  id: string;
  event: string;
  createdAt: string;
  data: Record<string, unknown>;
}

/** What an attempt came to: delivered or not, and the receiver's answer in a few words. */
export interface Attempt {
  ok: boolean;
  answer: string;
  /** Retrying cannot help (a refused Telegram chat, a bad address): give up at once. */
  permanent?: boolean;
}

/**
 * POSTs one event to a webhook receiver: the JSON body signed with the secret, the event's id in
 * X-Webhook-Id (the same on every retry, so a receiver can drop repeats). A 2xx answer within the
 * timeout delivers it; anything else (another status, a redirect, no answer) is a failed attempt,
 * and a 4xx refusal (not 408 or 429) fails the delivery at once.
 */
export async function postWebhook(
  url: string,
  secret: string,
  event: WebhookEvent,
  timeoutMs: number,
): Promise<Attempt> {
  const body = JSON.stringify(event);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': 'portal-webhook/1',
    'x-webhook-id': event.id,
    'x-webhook-event': event.event,
  };
  if (secret !== '') headers['x-webhook-signature'] = webhookSignature(body, secret);
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = (await response.text().catch(() => '')).slice(0, 200);
    const answer = `${response.status} ${response.statusText}${text === '' ? '' : `: ${text}`}`.trim();
    // A refusal (4xx, but for a timeout or a rate limit) will not change on a retry: failed at once.
    const refused =
      response.status >= 400 && response.status < 500 && response.status !== 408 && response.status !== 429;
    return { ok: response.status >= 200 && response.status < 300, answer, permanent: refused };
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    if (name === 'TimeoutError' || name === 'AbortError') return { ok: false, answer: `timeout after ${timeoutMs} ms` };
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
    return { ok: false, answer: (cause || (error instanceof Error ? error.message : String(error))).slice(0, 200) };
  }
}
