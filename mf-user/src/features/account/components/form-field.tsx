import type { ChangeEvent, ReactNode, Ref } from 'react';
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

type TextFieldProps = InputProps & {
  label: string;
  error?: string | undefined;
  /** A field kept in state (the login page); a react-hook-form field spreads its `register(name)` instead. */
  onValueChange?: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
};

/** The account forms' one text input: a labelled `Input` with its validation message. */
export function TextField({ label, error, onValueChange, ...input }: TextFieldProps) {
  const onChange = onValueChange
    ? (event: ChangeEvent<HTMLInputElement>) => onValueChange(event.target.value)
    : undefined;
  return (
    <FormField label={label} error={error}>
      <Input {...input} {...(onChange && { onChange })} />
    </FormField>
  );
}
