import { SECRET_MASK } from '@portal/contracts/schemas';

/**
 * Write-only secrets on admin screens (SSH passwords, private keys, epay keys): they go out as
 * SECRET_MASK when set ('' when empty), and a value sent back as the mask or '' keeps the stored one.
 */
export function maskSecret(value: string): string {
  return value === '' ? '' : SECRET_MASK;
}

/** The value to store for a write-only field: the stored one unless a new one was typed. */
export function keptSecret(sent: string | undefined, stored: string): string {
  return sent === undefined || sent === '' || sent === SECRET_MASK ? stored : sent;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A copy of `value` with every string (or null) property named in `names`, at any depth, replaced by `replace`. */
export function mapProperties(
  value: unknown,
  names: ReadonlySet<string>,
  replace: (item: string | null) => unknown,
): unknown {
  if (Array.isArray(value)) return value.map((item) => mapProperties(item, names, replace));
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] =
      names.has(key) && (typeof item === 'string' || item === null)
        ? replace(item)
        : mapProperties(item, names, replace);
  }
  return out;
}

/** A copy of `value` with every property named in `names`, at any depth, masked (maskSecret). */
export function maskProperties(value: unknown, names: ReadonlySet<string>): unknown {
  return mapProperties(value, names, (item) => maskSecret(item ?? ''));
}

/**
 * Secrets that belong to an address: `{ key: 'gateway' }` keeps a `key` sent back masked only while
 * its sibling `gateway` is unchanged, so a stored key never follows an address typed later.
 */
export type SecretBindings = Readonly<Record<string, string>>;

/**
 * `sent` with every secret property (named in `names`, at any depth) that came back as the mask
 * or '' replaced by the stored value at the same place ('' where nothing is stored there). A secret
 * bound to an address (`bindings`) whose address changed is cleared instead, and `onCleared` hears
 * its path.
 */
export function keepSecretProperties(
  sent: unknown,
  stored: unknown,
  names: ReadonlySet<string>,
  bindings: SecretBindings = {},
  onCleared?: (path: string[]) => void,
  path: string[] = [],
): unknown {
  if (!isRecord(sent)) return sent;
  const before = isRecord(stored) ? stored : {};
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(sent)) {
    if (names.has(key) && typeof item === 'string') {
      const kept = keptSecret(item, typeof before[key] === 'string' ? before[key] : '');
      const address = bindings[key];
      const moved = address !== undefined && kept !== item && sent[address] !== before[address];
      if (moved && kept !== '') onCleared?.([...path, key]);
      out[key] = moved ? '' : kept;
    } else {
      out[key] = keepSecretProperties(item, before[key], names, bindings, onCleared, [...path, key]);
    }
  }
  return out;
}
