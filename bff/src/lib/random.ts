import { createHash, randomBytes } from 'node:crypto';

/** 24 hex characters (96 bits), the id shape the portal's clients know from the original service. */
export function newObjectId(): string {
  return randomBytes(12).toString('hex');
}

/** A secret with `bytes` random bytes, hex-encoded (userkeys: 16 bytes = 128 bits). */
export function randomHex(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}

/** A 256-bit bearer token, URL- and cookie-safe. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** A password a person can copy from a log line: 24 characters from an unambiguous 57-symbol alphabet (about 140 bits). */
export function generatePassword(length = 24): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const out: string[] = [];
  // Rejection sampling keeps every symbol equally likely.
  const limit = 256 - (256 % alphabet.length);
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < limit && out.length < length) out.push(alphabet[byte % alphabet.length]!);
    }
  }
  return out.join('');
}

/** A 256-bit secret for links (confirmation keys), URL-safe. */
export function newLinkKey(): string {
  return randomBytes(32).toString('base64url');
}
