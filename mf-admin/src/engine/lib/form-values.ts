import type { TObject } from '@sinclair/typebox';
import type { AnyField, FieldDef, FieldKind, Option, ResolvedField } from '../types';
import { literalOptions, widgetFor } from './json-schema';

/**
 * A form keeps what its inputs hold ("raw" values: the text of a number, of a list, of JSON)
 * and is checked and saved as typed values (the update schema's shape). These functions go
 * from one to the other; the form engine calls them, definitions only see typed values.
 */
export type Values = Record<string, unknown>;

export const parseMessages = {
  number: '请填写数字',
  json: 'JSON 格式不正确',
} as const;

/** The schema of one property of an object schema. */
export function propertySchema(schema: TObject, name: string): unknown {
  return (schema.properties as Record<string, unknown>)[name];
}

/** Decides each field's input: the definition's choice, else the schema's (see `widgetFor`). */
export function resolveFields<F, L>(fields: readonly FieldDef<F, L>[], schema: TObject): ResolvedField<F, L>[] {
  return fields.map((field) => ({ ...field, kind: field.kind ?? widgetFor(propertySchema(schema, field.name)) }));
}

/** A select's or checkboxes' choices: the definition's, else the schema's literals as they are. */
export function fieldOptions<L>(field: FieldDef<never, L>, schema: TObject, lookups: L): Option[] {
  if (typeof field.options === 'function') return field.options(lookups);
  if (field.options) return [...field.options];
  return (literalOptions(propertySchema(schema, field.name)) ?? []).map((value) => ({ value, label: String(value) }));
}

function toRaw(kind: FieldKind, value: unknown): unknown {
  switch (kind) {
    case 'text':
    case 'textarea':
    case 'secret':
      return value === null || value === undefined ? '' : String(value);
    case 'number':
      return typeof value === 'number' ? String(value) : '';
    case 'lines':
      return Array.isArray(value) ? value.join('\n') : '';
    case 'json':
      return value === undefined ? '' : JSON.stringify(value, null, 2);
    case 'switch':
      return Boolean(value);
    case 'checkboxes':
      return Array.isArray(value) ? value : [];
    default:
      return value;
  }
}

/** Typed values → what the inputs hold. Values without a field are kept as they are. */
export function toRawValues(fields: readonly AnyField[], values: Values): Values {
  const raw: Values = { ...values };
  for (const field of fields) raw[field.name] = toRaw(field.kind, values[field.name]);
  return raw;
}

type Parsed = { ok: true; value: unknown } | { ok: false; message: string };

function emptyValue(field: AnyField): Parsed | null {
  if (field.empty === 'omit') return { ok: true, value: undefined };
  if (field.empty === 'null') return { ok: true, value: null };
  return null;
}

function parseOne(field: AnyField, raw: unknown): Parsed {
  const text = typeof raw === 'string' ? raw : '';
  switch (field.kind) {
    case 'text':
    case 'textarea':
    case 'secret':
      return text === '' ? (emptyValue(field) ?? { ok: true, value: '' }) : { ok: true, value: text };
    case 'number': {
      if (text.trim() === '') return emptyValue(field) ?? { ok: false, message: parseMessages.number };
      const n = Number(text);
      return Number.isFinite(n) ? { ok: true, value: n } : { ok: false, message: parseMessages.number };
    }
    case 'lines':
      return {
        ok: true,
        value: text
          .split(/[\n,，]/)
          .map((line) => line.trim())
          .filter(Boolean),
      };
    case 'json':
      if (text.trim() === '') return emptyValue(field) ?? { ok: false, message: parseMessages.json };
      try {
        return { ok: true, value: JSON.parse(text) as unknown };
      } catch {
        return { ok: false, message: parseMessages.json };
      }
    default:
      return { ok: true, value: raw };
  }
}

/**
 * What the inputs hold → typed values, with a message for each input that cannot be read (a
 * number that is not one, broken JSON). Fields left out (`empty: 'omit'`) are absent.
 */
export function parseRawValues(
  fields: readonly AnyField[],
  raw: Values,
): { values: Values; errors: Record<string, string> } {
  const values: Values = { ...raw };
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const parsed = parseOne(field, raw[field.name]);
    if (!parsed.ok) {
      errors[field.name] = parsed.message;
      delete values[field.name];
    } else if (parsed.value === undefined) delete values[field.name];
    else values[field.name] = parsed.value;
  }
  return { values, errors };
}

/** Only the schema's properties: the update schemas refuse anything else, as the BFF does. */
export function pickSchemaProperties(schema: TObject, values: Values): Values {
  const picked: Values = {};
  for (const key of Object.keys(schema.properties)) if (values[key] !== undefined) picked[key] = values[key];
  return picked;
}
