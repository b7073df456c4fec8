import { Type, type TObject, type TSchema } from '@sinclair/typebox';
import type { SettingField } from '@portal/contracts';
import { SECRET_MASK } from '@portal/contracts/schemas';
import { fieldFor } from '../../../engine/lib/form-values';
import { fromJsonSchema } from '../../../engine/lib/json-schema';
import type { FieldDef } from '../../../engine/types';

export type SettingValues = Record<string, unknown>;

export interface SettingsForm {
  /** The settings object's schema, rebuilt from each setting's (JSON) schema. */
  schema: TObject;
  fields: FieldDef<SettingValues>[];
  /** Sections of the form in the order their first setting comes. */
  groups: { name: string; fields: FieldDef<SettingValues>[] }[];
}

/**
 * The settings form, generated from the settings' definitions the BFF sends: each setting's
 * input follows its schema (see `fieldFor`: addresses on one line, lists of strings one per line,
 * lists of objects and records such as the epay platforms as rows); a secret is write-only (its
 * masked value keeps the stored one), and so are the secret parts of an object (epay platforms'
 * keys) in its rows. Settings with a value are required; the rest may be left out.
 */
export function settingsForm(settings: readonly SettingField[], values: SettingValues): SettingsForm {
  const properties: Record<string, TSchema> = {};
  const fields: FieldDef<SettingValues>[] = [];
  const groups: SettingsForm['groups'] = [];
  for (const setting of settings) {
    const checked = fromJsonSchema(setting.schema, setting.secretProperties ?? []);
    const schema = setting.secret ? Type.Union([checked, Type.Literal(SECRET_MASK)]) : checked;
    properties[setting.key] = setting.key in values ? schema : Type.Optional(schema);
    const field: FieldDef<SettingValues> = setting.secret
      ? { name: setting.key, label: setting.label, kind: 'secret' }
      : fieldFor(setting.key, setting.label, setting.schema, setting.secretProperties);
    fields.push(field);
    const group = groups.find((candidate) => candidate.name === setting.group);
    if (group) group.fields.push(field);
    else groups.push({ name: setting.group, fields: [field] });
  }
  return { schema: Type.Object(properties, { additionalProperties: false }), fields, groups };
}
