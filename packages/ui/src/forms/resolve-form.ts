import type { FieldValues, Resolver, ResolverOptions } from 'react-hook-form';

/** Runs a form's resolver as react-hook-form's submit does (no native validation, first error of each field). */
export function resolveForm<V extends FieldValues>(resolver: Resolver<V>, values: NoInfer<V>) {
  return resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<V>);
}
