import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { ImageUpload, type ImageUploadProps } from '@portal/ui';

export type ImageFieldProps<V extends FieldValues> = Omit<ImageUploadProps, 'value' | 'onChange'> & {
  control: Control<V>;
  /** The form's field holding the uploaded image's path ('' = none). */
  name: FieldPath<V>;
};

/** A form's image: the shared upload bound to its react-hook-form field. */
export function ImageField<V extends FieldValues>({ control, name, ...upload }: ImageFieldProps<V>) {
  const { field } = useController({ control, name });
  return <ImageUpload {...upload} value={field.value} onChange={field.onChange} />;
}
