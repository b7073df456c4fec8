// A software passkey for the BFF's tests: an ES256 key from node:crypto that answers WebAuthn
// options the way a browser and an authenticator together would (attestation 'none'), with a tiny
// CBOR encoder for the attestation object and the COSE key. Nothing here checks anything: the
// server does.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor> | { [key: string]: Cbor };

function head(major: number, n: number): number[] {
  const m = major << 5;
  if (n < 24) return [m | n];
  if (n < 0x100) return [m | 24, n];
  if (n < 0x10000) return [m | 25, n >> 8, n & 0xff];
  return [m | 26, (n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
}

/** CBOR (RFC 8949) of integers, byte and text strings and maps: all a registration needs. */
export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') {
    return Buffer.from(value >= 0 ? head(0, value) : head(1, -1 - value));
  }
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([Buffer.from(head(3, bytes.length)), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([Buffer.from(head(2, value.length)), value]);
  const entries: Array<[Cbor, Cbor]> = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([Buffer.from(head(5, entries.length)), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

/** A browser's passkey answer of the right shape that proves nothing (payload and sweep tests). */
export const PASSKEY_ANSWER_SHAPE = {
  id: 'AAAA',
  rawId: 'AAAA',
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: 'AAAA', authenticatorData: 'AAAA', signature: 'AAAA' },
};

/** The same for a registration. */
export const PASSKEY_REGISTRATION_SHAPE = {
  ...PASSKEY_ANSWER_SHAPE,
  response: { clientDataJSON: 'AAAA', attestationObject: 'AAAA' },
};

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

interface CreationOptions {
  challenge: string;
  rp: { id?: string; name: string };
  user: { id: string };
}
interface RequestOptions {
  challenge: string;
  rpId?: string;
}

export interface AssertOptions {
  /** The signature counter to report (default: one more than the last one reported). */
  counter?: number;
  /** The page origin the browser reports (default: the authenticator's). */
  origin?: string;
  /** Sign with this RP id instead of the options' one (a phishing site's). */
  rpId?: string;
}

/** One authenticator holding one credential, bound to the page origin it is used from. */
export class SoftPasskey {
  readonly credentialId = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  private counter = 0;
  private userHandle: string | undefined;

  constructor(readonly origin: string) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  /** The COSE_Key of the public key: EC2 (1: 2), ES256 (3: -7), P-256 (-1: 1), x (-2), y (-3). */
  private coseKey(): Buffer {
    const jwk = this.publicKey.export({ format: 'jwk' });
    return cbor(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
  }

  private authData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  /** The answer's outer part, as the browser's PublicKeyCredential.toJSON() gives it. */
  private credential<R>(response: R) {
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
      response,
    };
  }

  /** navigator.credentials.create(): the answer startRegistration() would send. */
  register(optionsJSON: Record<string, unknown>, origin = this.origin) {
    const options = optionsJSON as unknown as CreationOptions;
    this.userHandle = options.user.id;
    const rpId = options.rp.id ?? new URL(origin).hostname;
    const clientDataJSON = JSON.stringify({
      type: 'webauthn.create',
      challenge: options.challenge,
      origin,
      crossOrigin: false,
    });
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, this.coseKey()]);
    // User present (0x01), verified (0x04), attested credential data (0x40).
    const authData = this.authData(rpId, 0x45, this.counter, attested);
    const attestationObject = cbor({ fmt: 'none', attStmt: new Map(), authData });
    return this.credential({
      clientDataJSON: b64url(clientDataJSON),
      attestationObject: b64url(attestationObject),
      transports: ['internal'],
    });
  }

  /** navigator.credentials.get(): the answer startAuthentication() would send. */
  assert(optionsJSON: Record<string, unknown>, opts: AssertOptions = {}) {
    const options = optionsJSON as unknown as RequestOptions;
    const origin = opts.origin ?? this.origin;
    const rpId = opts.rpId ?? options.rpId ?? new URL(origin).hostname;
    const counter = opts.counter ?? this.counter + 1;
    this.counter = Math.max(this.counter, counter);
    const clientDataJSON = JSON.stringify({
      type: 'webauthn.get',
      challenge: options.challenge,
      origin,
      crossOrigin: false,
    });
    const authenticatorData = this.authData(rpId, 0x05, counter);
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), this.privateKey);
    return this.credential({
      clientDataJSON: b64url(clientDataJSON),
      authenticatorData: b64url(authenticatorData),
      signature: b64url(signature),
      ...(this.userHandle === undefined ? {} : { userHandle: this.userHandle }),
    });
  }
}
