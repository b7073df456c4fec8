import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets kept so they can be used again (a TOTP secret must be read to check a code, unlike a
 * password that only needs its hash) sealed with AES-256-GCM under `DATA_KEY`, which lives in the
 * environment, not in the database: a copy of the database or of a backup alone does not give
 * them away. Each value is bound to its context (`totp:<user id>`), so a sealed value moved to
 * another row does not open there.
 *
 * Stored form: `sealed:v1:<key id>:<iv>:<tag>:<ciphertext>` (base64url; the key id is the first
 * 8 hex digits of the key's sha256, so a value sealed under another key is told apart from a
 * forged one). A value without the prefix was stored before a key was set and is read as it is.
 */
const PREFIX = 'sealed:v1:';

export interface Sealer {
  /** A key is configured: values are sealed when written. */
  readonly active: boolean;
  seal(plain: string, context: string): string;
  /** The plain value; throws when it was sealed under an unknown key or altered. */
  open(stored: string, context: string): string;
  /**
   * What to store instead of `stored` (start-up sealing): the value sealed under the current key
   * when it is plain or sealed under the previous one; undefined when it needs nothing, or does
   * not open (an unknown key: left as it is).
   */
  resealed(stored: string, context: string): string | undefined;
}

/** Reads `DATA_KEY`: 32 bytes as 64 hex digits or as base64; undefined when empty. */
export function parseDataKey(value: string | undefined): Buffer | undefined | 'invalid' {
  if (value === undefined || value.trim() === '') return undefined;
  const text = value.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  return key.length === 32 ? key : 'invalid';
}

const keyIdOf = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8);

/**
 * `key` seals; values sealed under `previous` (DATA_KEY_PREVIOUS, while a key is being changed)
 * still open, and `resealed` seals them again under `key`.
 */
export function createSealer(key: Buffer | undefined, previous?: Buffer): Sealer {
  const keyId = key === undefined ? '' : keyIdOf(key);
  const keys = new Map<string, Buffer>();
  if (previous !== undefined) keys.set(keyIdOf(previous), previous);
  if (key !== undefined) keys.set(keyId, key);
  const isPlain = (stored: string) => !stored.startsWith(PREFIX);
  const current = (stored: string) => stored.startsWith(`${PREFIX}${keyId}:`);
  const sealer: Sealer = {
    active: key !== undefined,
    seal(plain, context) {
      if (key === undefined) return plain;
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url'));
      return `${PREFIX}${keyId}:${parts.join(':')}`;
    },
    open(stored, context) {
      if (isPlain(stored)) return stored;
      const [id, iv, tag, sealed] = stored.slice(PREFIX.length).split(':');
      if (keys.size === 0) throw new Error('a sealed secret was read, but DATA_KEY is not set');
      const opener = keys.get(id ?? '');
      if (opener === undefined) throw new Error(`a secret sealed under another DATA_KEY (key id ${id}) was read`);
      const decipher = createDecipheriv('aes-256-gcm', opener, Buffer.from(iv ?? '', 'base64url'));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag ?? '', 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(sealed ?? '', 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
    resealed(stored, context) {
      if (key === undefined || current(stored)) return undefined;
      try {
        return sealer.seal(sealer.open(stored, context), context);
      } catch {
        return undefined;
      }
    },
  };
  return sealer;
}
