import type { TObject } from '@sinclair/typebox';
import type { AnyField, FieldDef, Option, ResolvedField } from '../types';
import { literalOptions, structureOf, widgetFor } from './json-schema';

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

const isRecord = (value: unknown): value is Values =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A field as its schema would have it (see `widgetFor`): a `rows` or `object` field with its parts,
 * each labelled by its schema's `title`, those named in `secretProperties` write-only; lists of
 * strings one item per line.
 */
export function fieldFor(
  name: string,
  label: string,
  schema: unknown,
  secretProperties: readonly string[] = [],
): ResolvedField<Values> {
  const kind = widgetFor(schema);
  const field: ResolvedField<Values> = { name, label, kind };
  if (kind === 'lines') field.linesOnly = true;
  const structure = kind === 'rows' || kind === 'object' ? structureOf(schema) : null;
  if (structure) {
    const fields = Object.entries(structure.item.properties as Record<string, Values>).map(([key, inner]) => {
      const title = typeof inner.title === 'string' ? inner.title : key;
      return secretProperties.includes(key)
        ? { name: key, label: title, kind: 'secret' as const }
        : fieldFor(key, title, inner, secretProperties);
    });
    field.parts = {
      fields,
      ...(structure.keys ? { keys: structure.keys.map((key) => ({ value: key, label: key })) } : {}),
    };
  }
  return field;
}

/**
 * The schema of one row of a `rows` field (`key`: a record's key) or of an `object` field, to
 * check and bound its inputs.
 */
export function partSchema(field: AnyField, schema: unknown, key?: string): TObject {
  const inner = schema as { items?: unknown; properties?: Record<string, unknown> } | undefined;
  let item: unknown = schema;
  if (field.kind === 'rows') item = field.parts?.keys ? inner?.properties?.[key ?? ''] : inner?.items;
  return (isRecord(item) && isRecord(item.properties) ? item : { properties: {} }) as TObject;
}

/** Decides each field's input: the definition's choice, else the schema's (see `fieldFor`). */
export function resolveFields<F, L>(fields: readonly FieldDef<F, L>[], schema: TObject): ResolvedField<F, L>[] {
  return fields.map((field) => {
    const property = propertySchema(schema, field.name);
    const derived = fieldFor(field.name, field.label, property);
    const kind = field.kind ?? derived.kind;
    const resolved: ResolvedField<F, L> = { ...field, kind };
    if (!field.kind && derived.linesOnly) resolved.linesOnly = true;
    const parts = field.parts ?? derived.parts;
    if ((kind === 'rows' || kind === 'object') && parts) {
      const item = partSchema(resolved as AnyField, property, parts.keys?.[0]?.value.toString());
      resolved.parts = { ...parts, fields: resolveFields(parts.fields, item) };
    }
    return resolved;
  });
}

/** A select's or checkboxes' choices: the definition's, else the schema's literals as they are. */
export function fieldOptions<L>(field: FieldDef<never, L>, schema: TObject, lookups: L): Option[] {
  if (typeof field.options === 'function') return field.options(lookups);
  if (field.options) return [...field.options];
  return (literalOptions(propertySchema(schema, field.name)) ?? []).map((value) => ({ value, label: String(value) }));
}

/**
 * A row of a `rows` field as the form holds it: an id that stays with the row while it is edited
 * (a record's key; a list's position when loaded), its inputs' values, and whether it was added
 * here (its secrets then start unset).
 */
export interface RawRow {
  id: string;
  values: Values;
  added?: true;
}

let rowsAdded = 0;

/** A new row of a `rows` field (`key`: the record's key it is for). */
export function newRow(field: AnyField, key?: string): RawRow {
  rowsAdded += 1;
  return { id: key ?? `added-${rowsAdded}`, values: toRawValues(partFields(field), {}), added: true };
}

/** The inputs inside a `rows` or `object` field. */
export function partFields(field: AnyField): AnyField[] {
  return (field.parts?.fields ?? []) as AnyField[];
}

function rowsToRaw(field: AnyField, value: unknown): RawRow[] {
  const fields = partFields(field);
  const row = (id: string, item: unknown): RawRow => ({ id, values: toRawValues(fields, isRecord(item) ? item : {}) });
  const keys = field.parts?.keys?.map((option) => String(option.value));
  if (!keys) return (Array.isArray(value) ? value : []).map((item, index) => row(String(index), item));
  const record = isRecord(value) ? value : {};
  // Known keys in their order, then any others the value holds (kept as they are).
  const order = [...keys.filter((key) => key in record), ...Object.keys(record).filter((key) => !keys.includes(key))];
  return order.map((key) => row(key, record[key]));
}

function toRaw(field: AnyField, value: unknown): unknown {
  switch (field.kind) {
    case 'text':
    case 'textarea':
    case 'url':
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
    case 'rows':
      return rowsToRaw(field, value);
    case 'object':
      return toRawValues(partFields(field), isRecord(value) ? value : {});
    default:
      return value;
  }
}

/** Typed values → what the inputs hold. Values without a field are kept as they are. */
export function toRawValues(fields: readonly AnyField[], values: Values): Values {
  const raw: Values = { ...values };
  for (const field of fields) raw[field.name] = toRaw(field, values[field.name]);
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
    case 'url':
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
          .split(field.linesOnly ? /\n/ : /[\n,，]/)
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
    case 'rows':
      return parseRows(field, raw);
    case 'object':
      return parsePart(partFields(field), isRecord(raw) ? raw : {}, '');
    default:
      return { ok: true, value: raw };
  }
}

/** One object's inputs → its value, or the first input that cannot be read (`where`: its row). */
function parsePart(fields: readonly AnyField[], raw: Values, where: string): Parsed {
  const { values, errors } = parseRawValues(fields, raw);
  const [failed] = Object.entries(errors);
  if (!failed) return { ok: true, value: values };
  const label = fields.find((field) => field.name === failed[0])?.label ?? failed[0];
  return { ok: false, message: `${where}${label}: ${failed[1]}` };
}

function parseRows(field: AnyField, raw: unknown): Parsed {
  const rows = Array.isArray(raw) ? (raw as RawRow[]) : [];
  const keyed = field.parts?.keys !== undefined;
  const items: unknown[] = [];
  for (const [index, row] of rows.entries()) {
    const parsed = parsePart(partFields(field), row.values, keyed ? `${row.id} ` : `第 ${index + 1} 项 `);
    if (!parsed.ok) return parsed;
    items.push(parsed.value);
  }
  return { ok: true, value: keyed ? Object.fromEntries(rows.map((row, index) => [row.id, items[index]])) : items };
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
