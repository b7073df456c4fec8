import { createHash } from 'node:crypto';

/**
 * A user's proxy credential, derived from the user's id and subscription key — nothing extra is
 * stored. Both the subscription (client side) and the node API (the user lists handed to nodes)
 * call `userCredential`, so they always agree; resetting the userkey changes every derived value,
 * which makes old links, old client configurations and old node-side users stop working together.
 * The derivation is one-way (sha256), so a node that knows a credential cannot recover the key.
 *
 *   seed   = sha256("portal-proxy-credential/v1" ‖ 0x00 ‖ userId ‖ 0x00 ‖ userkey)   (32 bytes)
 *   uuid   = seed[0..16] with the RFC 4122 version-4 and variant bits set          (vmess / vless id)
 *   ssKey16 = base64(seed[0..16]), ssKey32 = base64(seed)                            (ss-2022 user PSK)
 *   ssPassword = base64url(seed[16..32]) without padding                              (classic AEAD ss)
 *
 * Shadowsocks 2022 (`2022-blake3-*`): the client password is `<line.ssServerKey>:<user PSK>`, the PSK
 * being ssKey16 for aes-128-gcm and ssKey32 for aes-256-gcm / chacha20-poly1305.
 */
export interface UserCredential {
  uuid: string;
  ssKey16: string;
  ssKey32: string;
  ssPassword: string;
}

export function userCredential(userId: string, userkey: string): UserCredential {
  const seed = createHash('sha256').update(`portal-proxy-credential/v1\0${userId}\0${userkey}`).digest();
  const id = Buffer.from(seed.subarray(0, 16));
  id[6] = (id[6]! & 0x0f) | 0x40;
  id[8] = (id[8]! & 0x3f) | 0x80;
  const hex = id.toString('hex');
  const uuid = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return {
    uuid,
    ssKey16: seed.subarray(0, 16).toString('base64'),
    ssKey32: seed.toString('base64'),
    ssPassword: seed.subarray(16, 32).toString('base64url'),
  };
}

/** The password a client uses for a Shadowsocks line with `method` (see above). */
export function ssClientPassword(credential: UserCredential, method: string, serverKey: string): string {
  if (!method.startsWith('2022-')) return credential.ssPassword;
  const userKey = method === '2022-blake3-aes-128-gcm' ? credential.ssKey16 : credential.ssKey32;
  return serverKey === '' ? userKey : `${serverKey}:${userKey}`;
}
