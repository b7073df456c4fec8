import { typeboxResolver } from '@hookform/resolvers/typebox';
import type { TObject } from '@sinclair/typebox';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/** One check of a form: the field its message is shown under, and the message. */
export interface FormCheck<V extends FieldValues> {
  field: keyof V & string;
  /** Words that depend on another field (the address's network) are read from the values. */
  message: string | ((values: V) => string);
  /** `'schema'`: the contract's schema refuses the field; or a rule on the values (across fields). */
  fails: 'schema' | ((values: V) => boolean);
}

export interface FirstFailingCheckOptions<V extends FieldValues> {
  /** The contract's form schema; its Static type is V. */
  schema: TObject;
  /** In the spec's order. */
  checks: readonly FormCheck<V>[];
  /** Fields checked trimmed, and handed to the submit trimmed, as the call sends them. */
  trimmed?: readonly (keyof V & string)[];
  /**
   * `'first'` (the account pages, spec-1 §5): only the form's first failing check is shown.
   * `'per-field'`: every field shows its own first failing check at once.
   */
  show?: 'first' | 'per-field';
}

/**
 * The portal's form resolver: the contract's schema checks the values, then the form's checks
 * are read in the spec's order and the first failing one is shown (of the form, or of each
 * field), under its field, in the spec's words (TypeBox's own messages are English). The submit
 * gets the values as they are sent.
 */
export function firstFailingCheck<V extends FieldValues>({
  schema,
  checks,
  trimmed = [],
  show = 'first',
}: FirstFailingCheckOptions<V>): Resolver<V> {
  const check = typeboxResolver(schema) as unknown as Resolver<V>;
  return async (raw, context, options) => {
    const values: Record<string, unknown> = { ...raw };
    for (const name of trimmed) values[name] = String(values[name] ?? '').trim();
    const { errors: refused } = await check(values as V, context, options);
    const failing = ({ field, fails }: FormCheck<V>) =>
      fails === 'schema' ? refused[field] !== undefined : fails(values as V);
    const found: Record<string, { type: string; message: string }> = {};
    for (const check of checks) {
      if (check.field in found || !failing(check)) continue;
      const { message } = check;
      found[check.field] = { type: 'validate', message: typeof message === 'string' ? message : message(values as V) };
      if (show === 'first') break;
    }
    if (Object.keys(found).length > 0) return { values: {}, errors: found as FieldErrors<V> };
    // Every field the schema can refuse has its check: this is a form wired without one.
    if (Object.keys(refused).length > 0) return { values: {}, errors: refused };
    return { values: values as V, errors: {} };
  };
}
