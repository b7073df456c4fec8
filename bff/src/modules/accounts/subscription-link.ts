/** The account a subscription link names. */
export interface LinkRef {
  userId: string;
  userkey: string;
}

const ID = '([0-9a-fA-F]{24})';
const KEY = '([A-Za-z0-9_-]{16,128})';
const END = '(?=[/?#&\\s]|$)';
/** {base}/api/subscript/{kind}/{userId}/{userkey} (spec-1 §7). */
const SUBSCRIPT = new RegExp(`/api/subscript/[A-Za-z0-9_-]+/${ID}/${KEY}${END}`);
/** Any other address carrying /{userId}/{userkey} of that shape. */
const ANY_PATH = new RegExp(`/${ID}/${KEY}${END}`);
/** Base64 runs long enough to hold a link; '=' is left out so that `url=<base64>` splits. */
const BASE64_RUN = /[A-Za-z0-9+/_-]{24,}/g;

const utf8 = new TextDecoder('utf-8', { fatal: true });

function decodeUri(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function decodeBase64(run: string): string | undefined {
  try {
    const text = utf8.decode(Buffer.from(run.replace(/^\/+/, ''), 'base64'));
    return /^[\x20-\x7e\s]+$/.test(text) ? text : undefined;
  } catch {
    return undefined;
  }
}

/** The pasted text, its URI-decoded form, and what base64 runs inside either decode to. */
function candidates(input: string): string[] {
  const plain = [...new Set([input, decodeUri(input)])];
  const out = [...plain];
  for (const text of plain) {
    for (const run of text.match(BASE64_RUN) ?? []) {
      const decoded = decodeBase64(run);
      if (decoded !== undefined) out.push(decoded, decodeUri(decoded));
    }
  }
  return out;
}

/**
 * Finds the account in a pasted subscription link: the plain shape, a link wrapped in another
 * (percent-encoded), or the base64 form Shadowrocket gets (`<scheme prefix><base64 of the link>`).
 */
export function parseSubscriptionLink(input: string): LinkRef | undefined {
  const texts = candidates(input.trim());
  for (const pattern of [SUBSCRIPT, ANY_PATH]) {
    for (const text of texts) {
      const match = pattern.exec(text);
      if (match !== null) return { userId: match[1]!.toLowerCase(), userkey: match[2]! };
    }
  }
  return undefined;
}
