import { useId } from 'react';
import { Field, SimpleGrid } from '@chakra-ui/react';
import type { ControllerRenderProps } from 'react-hook-form';
import type { TObject } from '@sinclair/typebox';
import { errorMessage } from '../lib/form-resolver';
import { fieldOptions, propertySchema, type Values } from '../lib/form-values';
import type { AnyField } from '../types';
import { FieldInput } from './field-input';

/** Kinds that take the whole width of a form (or of a row). */
export const WIDE_KINDS = new Set(['textarea', 'lines', 'json', 'image', 'rows', 'object']);

const noop = () => undefined;

export interface SubFieldsProps {
  /** The inputs of the object (resolved: each has its kind). */
  fields: AnyField[];
  /** What the inputs hold now. */
  values: Values;
  onChange: (values: Values) => void;
  /** What they started with (a secret's mask); nothing for a row added here. */
  initial: Values | undefined;
  /** The object's schema: bounds of numbers, choices of selects. */
  schema: TObject;
  /** The form's errors inside this object, by input name (react-hook-form nests them by path). */
  errors: unknown;
  lookups: unknown;
}

/**
 * The inputs of one object inside a form field (a row of a `rows` field, an `object` field), each
 * with its own label and error, in one column on a phone and two from md up.
 */
export function SubFields({ fields, values, onChange, initial, schema, errors, lookups }: SubFieldsProps) {
  const idPrefix = useId();
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
      {fields.map((field) => {
        const message = errorMessage((errors as Record<string, unknown> | undefined)?.[field.name]);
        const control = {
          name: `${idPrefix}-${field.name}`,
          value: values[field.name],
          onChange: (value: unknown) => onChange({ ...values, [field.name]: value }),
          onBlur: noop,
          ref: noop,
        } as unknown as ControllerRenderProps<Record<string, unknown>, string>;
        return (
          <Field.Root
            key={field.name}
            invalid={Boolean(message)}
            gridColumn={field.wide || WIDE_KINDS.has(field.kind) ? '1 / -1' : undefined}
            data-field={field.name}
          >
            {field.kind !== 'switch' && <Field.Label>{field.label}</Field.Label>}
            <FieldInput
              field={field}
              control={control}
              schema={propertySchema(schema, field.name)}
              options={fieldOptions(field, schema, lookups as never)}
              initial={initial?.[field.name]}
              invalid={Boolean(message)}
              labelId={`${idPrefix}-${field.name}-label`}
            />
            <Field.ErrorText>{message}</Field.ErrorText>
          </Field.Root>
        );
      })}
    </SimpleGrid>
  );
}
