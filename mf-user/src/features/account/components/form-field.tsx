import type { ReactNode } from 'react';
import { Field, Input, type InputProps } from '@chakra-ui/react';

/** A labelled field with its validation message underneath. */
export function FormField({
  label,
  error,
  children,
}: {
  label: string;
  error?: string | undefined;
  children: ReactNode;
}) {
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      {children}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

type TextFieldProps = Omit<InputProps, 'value' | 'onChange'> & {
  label: string;
  error?: string | undefined;
  value: string;
  onValueChange: (value: string) => void;
};

/** The account forms' one text input: a labelled `Input` with its validation message. */
export function TextField({ label, error, value, onValueChange, ...input }: TextFieldProps) {
  return (
    <FormField label={label} error={error}>
      <Input {...input} value={value} onChange={(e) => onValueChange(e.target.value)} />
    </FormField>
  );
}
