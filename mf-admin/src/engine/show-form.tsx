import type { ComponentType } from 'react';
import { lazyDialog } from '@portal/ui';
import type { ResourceFormDialogProps } from './components/resource-form-dialog';
import type { ActionContext, FormDef, Lookups } from './types';

type AnyFormDialogProps = ResourceFormDialogProps<unknown, unknown, Lookups>;

/** The engine's edit dialog, fetched when a row action first opens it. */
const FormDialog = lazyDialog(
  () => import('./components/resource-form-dialog') as Promise<{ default: ComponentType<AnyFormDialogProps> }>,
);

/**
 * A row action's own form over the page (settle a withdrawal with its txid, leave a message): the
 * engine's edit dialog on `form`, started from `record`, with the spec's toasts of `form.save`.
 */
export function showForm<R, F, L>(
  ctx: ActionContext<L>,
  form: FormDef<R, F, L>,
  record: R,
  title: string,
  testId: string,
): void {
  ctx.show((close) => (
    <FormDialog
      {...({
        form,
        mode: 'edit',
        record,
        noun: '',
        title,
        testId,
        ctx,
        onClose: close,
      } as unknown as AnyFormDialogProps)}
    />
  ));
}
