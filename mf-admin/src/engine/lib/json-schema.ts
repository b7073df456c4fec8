import { Kind, Type, type TSchema } from '@sinclair/typebox';
import { HTTP_URL_PATTERN, SECRET_MASK } from '@portal/contracts/schemas';

/**
 * Schemas as they arrive over the wire (admin/config/get sends each setting's TypeBox schema as
 * JSON): plain JSON Schema objects. TypeBox validates only its own schema objects (it reads a
 * symbol JSON cannot carry), so `fromJsonSchema` rebuilds them with the TypeBox builders; the
 * keywords are the ones the BFF's definitions use.
 */
export type JsonSchema = Record<string, unknown>;
export type Literal = string | number | boolean;

const isObject = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null;

function pick(schema: JsonSchema, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((key) => schema[key] !== undefined).map((key) => [key, schema[key]]));
}

const STRING_KEYS = ['minLength', 'maxLength', 'pattern'] as const;
const NUMBER_KEYS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'] as const;
const ARRAY_KEYS = ['minItems', 'maxItems', 'uniqueItems'] as const;
const OBJECT_KEYS = ['minProperties', 'maxProperties'] as const;

/**
 * A TypeBox schema equivalent to a JSON Schema. `secretProperties` names object properties
 * (at any depth) that may also hold the write-only mask, which the server reads as "keep".
 */
export function fromJsonSchema(schema: unknown, secretProperties: readonly string[] = []): TSchema {
  if (!isObject(schema)) return Type.Unknown();
  if (Kind in schema && secretProperties.length === 0) return schema as TSchema;
  const convert = (inner: unknown) => fromJsonSchema(inner, secretProperties);
  if (Array.isArray(schema.anyOf)) return Type.Union(schema.anyOf.map(convert));
  if (schema.const !== undefined) return Type.Literal(schema.const as Literal);
  if (Array.isArray(schema.enum)) return Type.Union(schema.enum.map((value) => Type.Literal(value as Literal)));
  if (Array.isArray(schema.type)) return Type.Union(schema.type.map((type) => convert({ ...schema, type })));
  switch (schema.type) {
    case 'string':
      return Type.String(pick(schema, STRING_KEYS));
    case 'integer':
      return Type.Integer(pick(schema, NUMBER_KEYS));
    case 'number':
      return Type.Number(pick(schema, NUMBER_KEYS));
    case 'boolean':
      return Type.Boolean();
    case 'null':
      return Type.Null();
    case 'array':
      return Type.Array(convert(schema.items), pick(schema, ARRAY_KEYS));
    case 'object':
      return objectSchema(schema, secretProperties);
    default:
      return Type.Unknown();
  }
}

function objectSchema(schema: JsonSchema, secretProperties: readonly string[]): TSchema {
  const convert = (inner: unknown) => fromJsonSchema(inner, secretProperties);
  const options: Record<string, unknown> = pick(schema, OBJECT_KEYS);
  if (schema.additionalProperties === false) options.additionalProperties = false;
  else if (isObject(schema.additionalProperties)) options.additionalProperties = convert(schema.additionalProperties);
  const patterns = isObject(schema.patternProperties) ? Object.values(schema.patternProperties) : [];
  if (!isObject(schema.properties) && patterns.length > 0) {
    return Type.Record(Type.String(), convert(patterns[0]), options);
  }
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const properties: Record<string, TSchema> = {};
  for (const [key, inner] of Object.entries(isObject(schema.properties) ? schema.properties : {})) {
    const plain = convert(inner);
    const value = secretProperties.includes(key) ? Type.Union([plain, Type.Literal(SECRET_MASK)]) : plain;
    properties[key] = required.has(key) ? value : Type.Optional(value);
  }
  return Type.Object(properties, options);
}

/** The values of a choice (a union of literals or an enum), or null when the schema is not one. */
export function literalOptions(schema: unknown): Literal[] | null {
  if (!isObject(schema)) return null;
  if (Array.isArray(schema.enum)) return schema.enum as Literal[];
  if (!Array.isArray(schema.anyOf) || schema.anyOf.length === 0) return null;
  const values = schema.anyOf.map((member: unknown) => (isObject(member) ? member.const : undefined));
  return values.every((value) => value !== undefined) ? (values as Literal[]) : null;
}

/** Strings longer than this get a text area. */
export const TEXTAREA_FROM_LENGTH = 200;

export type SchemaWidget =
  'switch' | 'number' | 'select' | 'text' | 'textarea' | 'url' | 'lines' | 'rows' | 'object' | 'json';

const SCALAR_TYPES = new Set(['string', 'number', 'integer', 'boolean']);
const isScalar = (schema: unknown) =>
  isObject(schema) && (literalOptions(schema) !== null || SCALAR_TYPES.has(schema.type as string));
const isStringList = (schema: unknown) =>
  isObject(schema) && schema.type === 'array' && isObject(schema.items) && schema.items.type === 'string';

/** An object whose properties each take one input (a scalar or a list of strings). */
function isFlatObject(schema: unknown): schema is JsonSchema & { properties: Record<string, JsonSchema> } {
  if (!isObject(schema) || schema.type !== 'object' || !isObject(schema.properties)) return false;
  const properties = Object.values(schema.properties);
  return properties.length > 0 && properties.every((inner) => isScalar(inner) || isStringList(inner));
}

/**
 * What a `rows` or `object` input edits, or null when the schema is neither: a list of flat
 * objects (`item` is the list's item), a record over known keys (an object whose properties are
 * all optional and all the same flat object: `keys` are its properties), or one flat object.
 */
export function structureOf(schema: unknown): { item: JsonSchema; keys?: string[] } | null {
  if (!isObject(schema)) return null;
  if (schema.type === 'array') return isFlatObject(schema.items) ? { item: schema.items } : null;
  if (schema.type !== 'object' || !isObject(schema.properties)) return null;
  const properties = Object.values(schema.properties);
  const required = Array.isArray(schema.required) ? schema.required : [];
  const [first] = properties;
  const sameShape = (inner: unknown) => JSON.stringify(inner) === JSON.stringify(first);
  if (required.length === 0 && isFlatObject(first) && properties.every(sameShape)) {
    return { item: first, keys: Object.keys(schema.properties) };
  }
  return isFlatObject(schema) ? { item: schema } : null;
}

/**
 * The input a value of this schema gets: boolean → switch, number → number input, a choice →
 * select, an http(s) address (contracts' HttpUrl) → address input, a long string → text area, a
 * string → text input, a list of strings → one per line, a list of flat objects or a record over
 * known keys → rows, a flat object → its properties' inputs, anything else → JSON text checked
 * against the schema.
 */
export function widgetFor(schema: unknown): SchemaWidget {
  if (!isObject(schema)) return 'json';
  if (literalOptions(schema)) return 'select';
  switch (schema.type) {
    case 'boolean':
      return 'switch';
    case 'integer':
    case 'number':
      return 'number';
    case 'string':
      if (schema.pattern === HTTP_URL_PATTERN) return 'url';
      return typeof schema.maxLength === 'number' && schema.maxLength > TEXTAREA_FROM_LENGTH ? 'textarea' : 'text';
    case 'array':
      if (isStringList(schema)) return 'lines';
      return structureOf(schema) ? 'rows' : 'json';
    case 'object': {
      const structure = structureOf(schema);
      if (!structure) return 'json';
      return structure.keys ? 'rows' : 'object';
    }
    default:
      return 'json';
  }
}

/** Attributes of a number input from its schema. */
export function numberInputBounds(schema: unknown): { min?: number; max?: number; step: number | 'any' } {
  if (!isObject(schema)) return { step: 'any' };
  const num = (value: unknown) => (typeof value === 'number' ? value : undefined);
  const step = num(schema.multipleOf) ?? (schema.type === 'integer' ? 1 : 'any');
  const bounds: { min?: number; max?: number; step: number | 'any' } = { step };
  const min = num(schema.minimum) ?? num(schema.exclusiveMinimum);
  const max = num(schema.maximum) ?? num(schema.exclusiveMaximum);
  if (min !== undefined) bounds.min = min;
  if (max !== undefined) bounds.max = max;
  return bounds;
}
