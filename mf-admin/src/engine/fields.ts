import type { FieldDef, Lookups, Option } from './types';

type Name<F> = keyof F & string;
type Settings<F, L> = Omit<FieldDef<F, L>, 'name' | 'label'> & { label?: string };

/**
 * A form's fields in order, each labelled from the screen's labels by its name; a pair adds
 * settings (its input, choices, rules). A field left as a name is edited as its schema says.
 */
export function fieldList<F, L = Lookups>(
  labels: Partial<Record<string, unknown>>,
  entries: readonly (Name<F> | readonly [Name<F>, Settings<F, L>])[],
): FieldDef<F, L>[] {
  return entries.map((entry) => {
    const [name, settings]: readonly [Name<F>, Settings<F, L>] = typeof entry === 'string' ? [entry, {}] : entry;
    const label = settings.label ?? labels[name];
    return { ...settings, name, label: typeof label === 'string' ? label : name };
  });
}

/** An optional field: left empty, it is left out of the call. */
export const optional = { empty: 'omit' } as const;

/** The choices of a select whose values are their own labels (types, protocols). */
export const choices = (values: readonly string[]): Option[] => values.map((value) => ({ value, label: value }));
