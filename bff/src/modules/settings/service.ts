import { Codes } from '@portal/contracts';
import { Value } from '@sinclair/typebox/value';
import { DomainError } from '../../lib/domain-error.js';
import {
  isSettingKey,
  settingDefinitions,
  settingKeys,
  type SettingKey,
  type SettingValue,
  type SettingValues,
} from './definitions.js';
import type { SettingsRepository } from './repository.js';

export interface SettingsDeps {
  repo: SettingsRepository;
  /** Told about stored values that no longer fit their definition (they read as the default). */
  onInvalidStoredValue?: (key: string, value: unknown) => void;
}

/**
 * Typed access to the operator settings. Values are read from the database on every call, so
 * several instances agree at once after a change.
 */
export function createSettingsService({ repo, onInvalidStoredValue }: SettingsDeps) {
  function validated<K extends SettingKey>(key: K, value: unknown): SettingValue<K> {
    const { schema } = settingDefinitions[key];
    if (!Value.Check(schema, value)) {
      const error = Value.Errors(schema, value).First();
      throw new DomainError(Codes.INVALID_PAYLOAD, `设置项 ${key} 的值无效 (${error?.message ?? 'invalid'})`);
    }
    return value as SettingValue<K>;
  }

  async function getMany<K extends SettingKey>(keys: readonly K[]): Promise<SettingValues<K>> {
    const values = {} as Record<SettingKey, unknown>;
    for (const key of keys) values[key] = settingDefinitions[key].default;
    for (const row of await repo.read(keys)) {
      if (!isSettingKey(row.key)) continue;
      if (Value.Check(settingDefinitions[row.key].schema, row.value)) values[row.key] = row.value;
      else onInvalidStoredValue?.(row.key, row.value);
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
      return getMany(settingKeys.filter((key) => settingDefinitions[key].internal !== true));
    },

    /** Validates every value first, then stores them together; unknown keys are refused. */
    async set(values: Partial<Record<string, unknown>>): Promise<void> {
      const rows: Array<{ key: string; value: unknown }> = [];
      for (const [key, value] of Object.entries(values)) {
        if (!isSettingKey(key)) throw new DomainError(Codes.INVALID_PAYLOAD, `未知的设置项：${key}`);
        rows.push({ key, value: validated(key, value) });
      }
      await repo.upsert(rows);
    },

    /** Marks a boolean flag once across all instances; true only for the call that set it. */
    async claimOnce(key: 'demo_data_applied'): Promise<boolean> {
      return repo.insertIfAbsent(key, true);
    },

    /** An internal value made once across all instances: the first writer wins, everyone reads it. */
    async initOnce(key: 'sandbox_pay_key', make: () => SettingValue<'sandbox_pay_key'>): Promise<SettingValue<'sandbox_pay_key'>> {
      await repo.insertIfAbsent(key, validated(key, make()));
      return (await getMany([key]))[key];
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
