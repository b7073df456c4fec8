import { Codes, type AdminConfig, type SettingField } from '@portal/contracts';
import { Value } from '@sinclair/typebox/value';
import { DomainError } from '../../lib/domain-error.js';
import type { Sealer } from '../../lib/sealed.js';
import { keepSecretProperties, keptSecret, mapProperties, maskProperties, maskSecret } from '../../lib/secrets.js';
import {
  isSettingKey,
  settingDefinitions,
  settingKeys,
  type SettingDefinition,
  type SettingKey,
  type SettingValue,
  type SettingValues,
} from './definitions.js';
import type { SettingsRepository } from './repository.js';

const operatorKeys = settingKeys.filter((key) => settingDefinitions[key].internal !== true);
const isOperatorKey = (key: string): key is SettingKey =>
  isSettingKey(key) && settingDefinitions[key].internal !== true;

function fieldOf(key: SettingKey): SettingField {
  const definition: SettingDefinition = settingDefinitions[key];
  const { label, group, schema, secret, secretProperties } = definition;
  return {
    key,
    label,
    group,
    schema,
    ...(secret === true ? { secret } : {}),
    ...(secretProperties === undefined ? {} : { secretProperties }),
  };
}

/** A value as it may leave the server: secrets masked as its definition says. */
function masked(key: SettingKey, value: unknown): unknown {
  const { secret, secretProperties } = fieldOf(key);
  if (secret === true && typeof value === 'string') return maskSecret(value);
  return secretProperties === undefined ? value : maskProperties(value, new Set(secretProperties));
}

/**
 * What the screen sent, with secrets it sent back masked (or '') replaced by the stored ones; a
 * secret bound to an address that changed is cleared, and `onCleared` hears where.
 */
function withKeptSecrets(
  key: SettingKey,
  sent: unknown,
  stored: unknown,
  onCleared: (path: string[]) => void,
): unknown {
  const { secret, secretProperties, secretBindings }: SettingDefinition = settingDefinitions[key];
  if (secret === true && typeof sent === 'string' && typeof stored === 'string') return keptSecret(sent, stored);
  if (secretProperties === undefined) return sent;
  return keepSecretProperties(sent, stored, new Set(secretProperties), secretBindings, onCleared);
}

/** What the operator is told about a secret cleared because its address changed. */
function clearedNotice(key: SettingKey, path: string[]): string {
  const where = path.slice(0, -1).join('.');
  return `${settingDefinitions[key].label}：${where} 的地址已更改，原密钥已清除，请填写新地址的密钥`;
}

/** The settings an admin change touched: their values before and after, secrets masked. */
export interface SettingsChange {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  /** What the operator should know about the save (secrets cleared because their address changed). */
  notices: string[];
}

export interface SettingsDeps {
  repo: SettingsRepository;
  /** Seals secret settings in the database under DATA_KEY (lib/sealed.ts; without a key, stored as they are). */
  sealer: Sealer;
  /** Told about stored values that no longer fit their definition (they read as the default). */
  onInvalidStoredValue?: (key: string, value: unknown) => void;
}

/**
 * Typed access to the operator settings. Values are read from the database on every call, so
 * several instances agree at once after a change.
 */
export function createSettingsService({ repo, onInvalidStoredValue, sealer }: SettingsDeps) {
  /**
   * A value with its secrets (the definition's `secret` string, or its `secretProperties` at any
   * depth) passed through `change`; empty secrets stay empty. Sealed values are bound to their key.
   */
  function secretsOf(key: SettingKey, value: unknown, change: (text: string, context: string) => string): unknown {
    const { secret, secretProperties }: SettingDefinition = settingDefinitions[key];
    const context = `setting:${key}`;
    const apply = (text: string) => (text === '' ? text : change(text, context));
    if (secret === true && typeof value === 'string') return apply(value);
    if (secretProperties === undefined) return value;
    return mapProperties(value, new Set(secretProperties), (item) => (item === null ? null : apply(item)));
  }
  const sealed = (key: SettingKey, value: unknown) =>
    secretsOf(key, value, (text, context) => sealer.seal(text, context));
  const opened = (key: SettingKey, value: unknown) =>
    secretsOf(key, value, (text, context) => sealer.open(text, context));
  /** Rows as stored: every secret sealed. */
  const stored = (rows: Array<{ key: string; value: unknown }>) =>
    rows.map((row) => ({ key: row.key, value: isSettingKey(row.key) ? sealed(row.key, row.value) : row.value }));

  function validated<K extends SettingKey>(key: K, value: unknown): SettingValue<K> {
    const { schema } = settingDefinitions[key];
    if (!Value.Check(schema, value)) {
      const error = Value.Errors(schema, value).First();
      throw new DomainError(Codes.INVALID_PAYLOAD, `设置项 ${key} 的值无效 (${error?.message ?? 'invalid'})`);
    }
    const problem = (settingDefinitions[key] as { check?: (v: unknown) => string | undefined }).check?.(value);
    if (problem !== undefined) throw new DomainError(Codes.INVALID_PAYLOAD, problem);
    return value as SettingValue<K>;
  }

  async function getMany<K extends SettingKey>(keys: readonly K[]): Promise<SettingValues<K>> {
    const values = {} as Record<SettingKey, unknown>;
    for (const key of keys) values[key] = settingDefinitions[key].default;
    for (const row of await repo.read(keys)) {
      if (!isSettingKey(row.key)) continue;
      let value: unknown;
      try {
        value = opened(row.key, row.value);
      } catch {
        // Sealed under another DATA_KEY, or altered: read as the default, and said.
        onInvalidStoredValue?.(row.key, '(a sealed secret that does not open with this DATA_KEY)');
        continue;
      }
      if (Value.Check(settingDefinitions[row.key].schema, value)) values[row.key] = value;
      else onInvalidStoredValue?.(row.key, masked(row.key, value));
    }
    return values as SettingValues<K>;
  }

  return {
    getMany,

    async get<K extends SettingKey>(key: K): Promise<SettingValue<K>> {
      return (await getMany([key]))[key];
    },

    /** Every operator-visible setting with its current value. */
    async all(): Promise<Partial<SettingValues>> {
      return getMany(operatorKeys);
    },

    /** The configuration screen: every operator setting with its section, label and schema; secrets masked. */
    async adminConfig(): Promise<AdminConfig> {
      const current = await getMany(operatorKeys);
      const values: Record<string, unknown> = {};
      for (const key of operatorKeys) values[key] = masked(key, current[key]);
      return { fields: operatorKeys.map(fieldOf), values };
    },

    /**
     * Applies what the configuration screen saved: every key must be an operator setting and every
     * value fit its definition (nothing is stored otherwise); secrets sent back masked keep their
     * stored value, unless bound to an address that changed (then it is cleared and a notice says
     * so). Only changed keys are written (a value equal to the default drops its row).
     */
    async setFromAdmin(
      sent: Record<string, unknown>,
      /** Told which keys would change before anything is written; throws to refuse the save. */
      authorize: (changed: SettingKey[]) => void = () => {},
    ): Promise<SettingsChange> {
      const keys: SettingKey[] = [];
      for (const key of Object.keys(sent)) {
        if (!isOperatorKey(key)) throw new DomainError(Codes.INVALID_PAYLOAD, `未知的设置项：${key}`);
        keys.push(key);
      }
      const current = await getMany(keys);
      const change: SettingsChange = { before: {}, after: {}, notices: [] };
      const upserts: Array<{ key: string; value: unknown }> = [];
      const removals: string[] = [];
      for (const key of keys) {
        const cleared: string[] = [];
        const value = validated(
          key,
          withKeptSecrets(key, sent[key], current[key], (path) => cleared.push(clearedNotice(key, path))),
        );
        change.notices.push(...cleared);
        if (Value.Equal(value, current[key])) continue;
        change.before[key] = masked(key, current[key]);
        change.after[key] = masked(key, value);
        if (Value.Equal(value, settingDefinitions[key].default)) removals.push(key);
        else upserts.push({ key, value });
      }
      authorize(Object.keys(change.after) as SettingKey[]);
      await repo.upsert(stored(upserts));
      await repo.remove(removals);
      return change;
    },

    /** Validates every value first, then stores them together; unknown keys are refused. */
    async set(values: Partial<Record<string, unknown>>): Promise<void> {
      const rows: Array<{ key: string; value: unknown }> = [];
      for (const [key, value] of Object.entries(values)) {
        if (!isSettingKey(key)) throw new DomainError(Codes.INVALID_PAYLOAD, `未知的设置项：${key}`);
        rows.push({ key, value: validated(key, value) });
      }
      await repo.upsert(stored(rows));
    },

    /** Marks a boolean flag once across all instances; true only for the call that set it. */
    async claimOnce(key: 'demo_data_applied'): Promise<boolean> {
      return repo.insertIfAbsent(key, true);
    },

    /** An internal value made once across all instances: the first writer wins, everyone reads it. */
    async initOnce(
      key: 'sandbox_pay_key',
      make: () => SettingValue<'sandbox_pay_key'>,
    ): Promise<SettingValue<'sandbox_pay_key'>> {
      await repo.insertIfAbsent(key, sealed(key, validated(key, make())));
      return (await getMany([key]))[key];
    },

    /**
     * Seals the secret settings stored before DATA_KEY was set, or under DATA_KEY_PREVIOUS (at
     * start-up when a key is configured); how many rows. A row is replaced only while it still holds the value read.
     */
    async sealStoredSecrets(): Promise<number> {
      if (!sealer.active) return 0;
      const secretKeys = settingKeys.filter((key) => {
        const definition: SettingDefinition = settingDefinitions[key];
        return definition.secret === true || definition.secretProperties !== undefined;
      });
      let count = 0;
      for (const row of await repo.read(secretKeys)) {
        if (!isSettingKey(row.key)) continue;
        // Plain values, and values sealed under the previous key, are sealed under the current one;
        // a value under an unknown key stays as it is (it reads as the default, and is logged).
        let changed = false;
        const resealed = secretsOf(row.key, row.value, (text, context) => {
          const next = sealer.resealed(text, context);
          changed ||= next !== undefined;
          return next ?? text;
        });
        if (changed && (await repo.replaceIf(row.key, row.value, resealed))) count += 1;
      }
      return count;
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
