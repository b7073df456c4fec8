import { useState } from 'react';
import { Box } from '@chakra-ui/react';
import { DialogFrame } from '@portal/ui/dialog-frame';
import { runOutcome } from '../outcome';
import { engineLabels as t } from '../labels';
import { formStart, savePayload, type FormMode } from '../lib/form-start';
import type { ActionContext, FormDef } from '../types';
import { FormFields, useSchemaForm } from './form-fields';

export interface ResourceFormDialogProps<R, F, L> {
  form: FormDef<R, F, L>;
  mode: FormMode;
  /** The record edited or copied. */
  record?: R;
  /** 节点 → 新增节点, 编辑节点, 复制节点. */
  noun: string;
  testId: string;
  ctx: ActionContext<L>;
  onClose: () => void;
  /** Instead of 编辑 + noun (a dialog of a row action: 修改密码). */
  title?: string;
}

/**
 * The one edit dialog of the back office: add, edit or copy a record of any resource, checked
 * with the contract's schema and the resource's rules, saved with the spec's toasts.
 */
export default function ResourceFormDialog<R, F, L>({
  form: def,
  mode,
  record,
  noun,
  testId,
  ctx,
  onClose,
  title,
}: ResourceFormDialogProps<R, F, L>) {
  const [initial] = useState(() => formStart(def, mode, record, ctx.lookups, ctx.filters));
  const { form, fields, onFieldChange } = useSchemaForm({ ...def, initial, lookups: ctx.lookups });
  const busy = form.formState.isSubmitting;
  /** A failure the save's outcome shows here rather than as a toast (`failureInline`). */
  const [failure, setFailure] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    const payload = savePayload(def, values as F, ctx.lookups);
    if (await runOutcome(def.save, payload as never, ctx, setFailure)) onClose();
  });

  return (
    <DialogFrame
      title={title ?? `${t.dialogTitle[mode]}${noun}`}
      testId={`${testId}-dialog`}
      size="lg"
      busy={busy}
      onClose={onClose}
      closeOnOutsideClick={false}
      onSubmit={(event) => void submit(event)}
      closeLabel={t.close}
      cancelLabel={t.cancel}
      confirmLabel={t.save}
    >
      <FormFields form={form} fields={fields} schema={def.schema} lookups={ctx.lookups} onFieldChange={onFieldChange} />
      {failure !== null && (
        <Box role="alert" mt="4" color="fg.error" fontSize="sm" data-testid={`${testId}-failure`}>
          {failure}
        </Box>
      )}
    </DialogFrame>
  );
}
