import type { ComponentProps } from 'react';
import { Field, Input } from '@chakra-ui/react';

/**
 * A multi-line field styled by the Input recipe: the portal's system carries no Textarea recipe
 * (that one is the back office's), and one field does not justify adding it to every first page.
 * Chakra's asChild renders the textarea itself, so the field's label, description and invalid
 * state are taken from the surrounding Field.Root here.
 */
export function TextArea(props: ComponentProps<'textarea'>) {
  return (
    <Field.Context>
      {(field) => (
        <Input asChild h="auto" minH="24" py="2" lineHeight="short" resize="vertical">
          <textarea rows={4} {...field?.getTextareaProps()} {...props} />
        </Input>
      )}
    </Field.Context>
  );
}
