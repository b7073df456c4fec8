import { useCallback, useId, useMemo } from 'react';
import { Box, Field, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { TObject } from '@sinclair/typebox';
import { Controller, useForm, useFormState, useWatch, type UseFormReturn } from 'react-hook-form';
import { errorMessage, schemaResolver } from '../lib/form-resolver';
import {
  fieldOptions,
  partFields,
  partSchema,
  parseRawValues,
  propertySchema,
  resolveFields,
  toRawValues,
  type Values,
} from '../lib/form-values';
import { engineLabels as t } from '../labels';
import type { AnyField, FieldDef, FormDef } from '../types';
import { FieldInput } from './field-input';
import { RowsInput } from './rows-input';
import { SubFields, WIDE_KINDS } from './sub-fields';

export type SchemaForm = UseFormReturn<Values, unknown, Values>;

export interface UseSchemaFormOptions<F, L> {
  schema: TObject;
  fields: readonly FieldDef<F, L>[];
  /** The typed values the form starts from. */
  initial: F;
  lookups: L;
  effects?: FormDef<unknown, F, L>['effects'];
  refine?: FormDef<unknown, F, L>['refine'];
}

/**
 * A react-hook-form form over typed values checked with a TypeBox schema (see `schemaResolver`),
 * with the definition's effects: when the user changes a field that has one (`onFieldChange`,
 * which `FormFields` calls), the values it returns are set too (an agent type's ports, a line's
 * bridge).
 */
export function useSchemaForm<F, L>({
  schema,
  fields: defs,
  initial,
  lookups,
  effects,
  refine,
}: UseSchemaFormOptions<F, L>) {
  const fields = useMemo(() => resolveFields(defs, schema) as AnyField[], [defs, schema]);
  const resolver = useMemo(
    () => schemaResolver({ schema, fields, refine: refine as never, lookups }),
    [schema, fields, refine, lookups],
  );
  const form: SchemaForm = useForm<Values, unknown, Values>({
    defaultValues: toRawValues(fields, initial as Values),
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { getValues, setValue, getFieldState } = form;
  /** After the user changed a field: its effect's values are set too. */
  const onFieldChange = useCallback(
    (name: string) => {
      const effect = (effects as Record<string, ((values: F, lookups: L) => Values) | undefined> | undefined)?.[name];
      if (!effect) return;
      const patch = effect(parseRawValues(fields, getValues()).values as F, lookups);
      for (const [key, value] of Object.entries(patch)) {
        const next = toRawValues(
          fields.filter((field) => field.name === key),
          { [key]: value },
        )[key];
        setValue(key, next, { shouldDirty: true, shouldValidate: getFieldState(key).invalid });
      }
    },
    [effects, fields, lookups, getValues, setValue, getFieldState],
  );

  return { form, fields, onFieldChange };
}

const GROUPED_KINDS = new Set(['checkboxes', 'rows', 'object']);

export interface FormFieldsProps<L> {
  form: SchemaForm;
  fields: AnyField[];
  schema: TObject;
  lookups: L;
  /** `useSchemaForm`'s: runs the changed field's effect. */
  onFieldChange?: (name: string) => void;
}

/**
 * The fields of a form in a grid (one column on a phone, two from md up), each with its label,
 * help and error, and only those whose `visible` rule holds. An error on a field that is not
 * shown is listed below the grid, so a refusal is never invisible.
 */
export function FormFields<L>({ form, fields, schema, lookups, onFieldChange }: FormFieldsProps<L>) {
  const idPrefix = useId();
  const raw = useWatch({ control: form.control });
  const { errors, defaultValues } = useFormState({ control: form.control });
  const typed = parseRawValues(fields, raw as Values).values;
  const shown = fields.filter((field) => !field.visible || field.visible(typed as never, lookups as never));
  const hiddenErrors = fields
    .filter((field) => errors[field.name] && !shown.includes(field))
    .map((field) => `${field.label}: ${errorMessage(errors[field.name])}`);

  return (
    <>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {shown.map((field) => {
          const labelId = `${idPrefix}-${field.name}-label`;
          return (
            <Controller
              key={field.name}
              control={form.control}
              name={field.name}
              render={({ field: control, fieldState }) => {
                const message = errorMessage(fieldState.error);
                const help =
                  typeof field.help === 'function' ? field.help(typed as never, lookups as never) : field.help;
                const onChange = (value: unknown) => {
                  control.onChange(value);
                  onFieldChange?.(field.name);
                };
                const property = propertySchema(schema, field.name);
                const initial = defaultValues?.[field.name];
                let input = (
                  <FieldInput
                    field={field}
                    control={{ ...control, onChange }}
                    schema={property}
                    options={fieldOptions(field, schema, lookups as never)}
                    initial={initial}
                    invalid={Boolean(message)}
                    labelId={labelId}
                  />
                );
                if (field.kind === 'rows') {
                  input = (
                    <RowsInput
                      field={field}
                      value={control.value}
                      onChange={onChange}
                      initial={initial}
                      schema={property}
                      error={fieldState.error}
                      lookups={lookups}
                      labelId={labelId}
                    />
                  );
                } else if (field.kind === 'object') {
                  input = (
                    <Box role="group" aria-labelledby={labelId}>
                      <SubFields
                        fields={partFields(field)}
                        values={(control.value ?? {}) as Values}
                        onChange={onChange}
                        initial={initial as Values | undefined}
                        schema={partSchema(field, property)}
                        errors={fieldState.error}
                        lookups={lookups}
                      />
                    </Box>
                  );
                }
                // Each checkbox and each input of a row is a field of its own (Ark gives the
                // controls inside a Field.Root one id), so the group has a plain label. A row's
                // inputs show their own errors; below is only the field's (too many rows).
                if (GROUPED_KINDS.has(field.kind)) {
                  const shownMessage = field.kind === 'checkboxes' ? message : fieldState.error?.message;
                  return (
                    <Stack gap="1.5" gridColumn="1 / -1" data-field={field.name}>
                      <Text id={labelId} fontSize="sm" fontWeight="medium">
                        {field.label}
                      </Text>
                      {input}
                      {help && (
                        <Text fontSize="xs" color="fg.muted">
                          {help}
                        </Text>
                      )}
                      {shownMessage && (
                        <Text fontSize="xs" color="fg.error">
                          {shownMessage}
                        </Text>
                      )}
                    </Stack>
                  );
                }
                return (
                  <Field.Root
                    invalid={Boolean(message)}
                    gridColumn={field.wide || WIDE_KINDS.has(field.kind) ? '1 / -1' : undefined}
                    data-field={field.name}
                  >
                    {field.kind !== 'switch' && <Field.Label>{field.label}</Field.Label>}
                    {input}
                    {help && <Field.HelperText>{help}</Field.HelperText>}
                    <Field.ErrorText>{message}</Field.ErrorText>
                  </Field.Root>
                );
              }}
            />
          );
        })}
      </SimpleGrid>
      {hiddenErrors.length > 0 && (
        <Box role="alert" mt="4" color="fg.error" fontSize="sm">
          <Text>{t.otherErrors}</Text>
          {hiddenErrors.map((line) => (
            <Text key={line}>{line}</Text>
          ))}
        </Box>
      )}
    </>
  );
}
