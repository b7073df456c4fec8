import { typeboxResolver } from '@hookform/resolvers/typebox';
import type { TObject } from '@sinclair/typebox';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { AnyField } from '../types';
import { parseRawValues, pickSchemaProperties, type Values } from './form-values';
import './validation-messages';

export interface SchemaResolverOptions<L> {
  schema: TObject;
  fields: readonly AnyField[];
  /** Rules across fields, run once the values pass the schema. */
  refine?: (values: never, lookups: L) => Partial<Record<string, string>>;
  lookups: L;
}

/**
 * react-hook-form's TypeBox resolver on the typed values: the inputs are read first (numbers,
 * lists, JSON), only the schema's properties are kept, the contract's schema checks them (the
 * BFF checks the call with the same schema), then the screen's own rules. Submitting hands the
 * typed values to the form's handler.
 */
export function schemaResolver<L>({
  schema,
  fields,
  refine,
  lookups,
}: SchemaResolverOptions<L>): Resolver<Values, unknown, Values> {
  const check = typeboxResolver(schema);
  return async (raw, context, options) => {
    const { values: parsed, errors: unreadable } = parseRawValues(fields, raw);
    const values = pickSchemaProperties(schema, parsed);
    const checked = await check(values as never, context, options as never);
    const errors: FieldErrors<Values> = { ...checked.errors };
    for (const [name, message] of Object.entries(unreadable)) errors[name] = { type: 'parse', message };
    if (Object.keys(errors).length === 0 && refine) {
      for (const [name, message] of Object.entries(refine(values as never, lookups))) {
        if (message) errors[name] = { type: 'refine', message };
      }
    }
    return Object.keys(errors).length === 0 ? { values, errors: {} } : { values: {}, errors };
  };
}

/** The first message of a field's error, looking inside a list's or an object's items. */
export function errorMessage(error: unknown, path = ''): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { message } = error as { message?: unknown };
  if (typeof message === 'string' && message) return path ? `${path}: ${message}` : message;
  for (const [key, inner] of Object.entries(error)) {
    if (key === 'ref' || key === 'type' || key === 'message') continue;
    const found = errorMessage(inner, path ? `${path}.${key}` : /^\d+$/.test(key) ? `第 ${Number(key) + 1} 项` : key);
    if (found) return found;
  }
  return undefined;
}
