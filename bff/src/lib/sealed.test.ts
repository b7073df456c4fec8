import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSealer, parseDataKey } from './sealed.js';

const key = randomBytes(32);

describe('sealed secrets (DATA_KEY)', () => {
  it('seals to a value that holds nothing of the secret and opens it again in its context', () => {
    const sealer = createSealer(key);
    const sealed = sealer.seal('JBSWY3DPEHPK3PXP', 'totp:u1');
    expect(sealed).toMatch(/^sealed:v1:[0-9a-f]{8}:/);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(sealer.seal('JBSWY3DPEHPK3PXP', 'totp:u1')).not.toBe(sealed);
    expect(sealer.open(sealed, 'totp:u1')).toBe('JBSWY3DPEHPK3PXP');
  });

  it('does not open in another row, under another key, without a key, or altered', () => {
    const sealed = createSealer(key).seal('JBSWY3DPEHPK3PXP', 'totp:u1');
    expect(() => createSealer(key).open(sealed, 'totp:u2')).toThrow();
    expect(() => createSealer(randomBytes(32)).open(sealed, 'totp:u1')).toThrow(/another DATA_KEY/);
    expect(() => createSealer(undefined).open(sealed, 'totp:u1')).toThrow(/DATA_KEY is not set/);
    const parts = sealed.split(':');
    const body = Buffer.from(parts[5]!, 'base64url');
    body[0] = body[0]! ^ 1;
    parts[5] = body.toString('base64url');
    expect(() => createSealer(key).open(parts.join(':'), 'totp:u1')).toThrow();
  });

  it('reads a value stored before the key as it is, and stores plain text without a key', () => {
    expect(createSealer(key).open('JBSWY3DPEHPK3PXP', 'totp:u1')).toBe('JBSWY3DPEHPK3PXP');
    expect(createSealer(undefined).seal('JBSWY3DPEHPK3PXP', 'totp:u1')).toBe('JBSWY3DPEHPK3PXP');
  });

  it('while the key changes, values sealed under the previous key open and are sealed again under the new one', () => {
    const old = randomBytes(32);
    const sealedBefore = createSealer(old).seal('JBSWY3DPEHPK3PXP', 'totp:u1');
    const changing = createSealer(key, old);
    expect(changing.open(sealedBefore, 'totp:u1')).toBe('JBSWY3DPEHPK3PXP');
    const resealed = changing.resealed(sealedBefore, 'totp:u1')!;
    expect(resealed).toMatch(/^sealed:v1:/);
    expect(createSealer(key).open(resealed, 'totp:u1')).toBe('JBSWY3DPEHPK3PXP');
    // Nothing to do for a value under the current key; a plain one is sealed; an unknown key's is left.
    expect(changing.resealed(resealed, 'totp:u1')).toBeUndefined();
    expect(createSealer(key).open(changing.resealed('JBSWY3DPEHPK3PXP', 'totp:u1')!, 'totp:u1')).toBe(
      'JBSWY3DPEHPK3PXP',
    );
    expect(createSealer(key).resealed(createSealer(randomBytes(32)).seal('x', 'totp:u1'), 'totp:u1')).toBeUndefined();
    expect(createSealer(undefined).resealed('JBSWY3DPEHPK3PXP', 'totp:u1')).toBeUndefined();
  });

  it('takes 32 bytes as hex or base64, and nothing else', () => {
    expect(parseDataKey(key.toString('hex'))).toEqual(key);
    expect(parseDataKey(key.toString('base64'))).toEqual(key);
    expect(parseDataKey('')).toBeUndefined();
    expect(parseDataKey('short')).toBe('invalid');
    expect(parseDataKey(randomBytes(16).toString('hex'))).toBe('invalid');
  });
});
