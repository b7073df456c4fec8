import { useState, type FormEvent } from 'react';
import { Field, Input, Stack } from '@chakra-ui/react';
import { Codes, toastMs } from '@portal/contracts';
import { notify } from '@portal/platform';
import { DialogFrame } from '@portal/ui/dialog-frame';
import { receivePush } from '../api/receive-push';
import { formatG } from '../lib/gift-rules';
import { pushLabels } from '../push-labels';

const t = pushLabels.receiveDialog;

/** Refusals the BFF words itself (spec-2 §8: 1040 code unknown or used, 1039 too often). */
const SERVER_WORDED: ReadonlySet<number> = new Set([Codes.GIFT_CODE_INVALID, Codes.GIFT_TOO_FREQUENT]);

export interface ReceiveDialogProps {
  onClose: () => void;
  /** After a gift was received: the page reloads its list. */
  onDone: () => void;
}

/** The receive dialog (spec-2 §2): a code; what it gave is toasted, a refusal shown in the dialog. */
export default function ReceiveDialog({ onClose, onDone }: ReceiveDialogProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = code.trim();
    if (trimmed === '') return setError(t.empty);
    setError(null);
    setBusy(true);
    const result = await receivePush({ code: trimmed });
    setBusy(false);
    if (result.code === Codes.OK) {
      notify({ kind: 'success', title: t.done(formatG(result.data.receiveNumber)), durationMs: toastMs.short });
      onClose();
      onDone();
      return;
    }
    if (result.status === 502) return;
    setError(SERVER_WORDED.has(result.code) && result.msg ? result.msg : t.unknown);
  }

  return (
    <DialogFrame
      title={t.title}
      testId="receive-dialog"
      busy={busy}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      closeLabel={t.cancel}
      cancelLabel={t.cancel}
      confirmLabel={t.submit}
      busyLabel={t.submitting}
    >
      <Stack gap="3">
        <Field.Root invalid={error !== null}>
          <Field.Label>{t.code}</Field.Label>
          <Input
            value={code}
            onChange={(e) => {
              setCode(e.target.value);
              setError(null);
            }}
            placeholder={t.placeholder}
            autoComplete="off"
            spellCheck={false}
            fontFamily="mono"
            maxLength={64}
            autoFocus
          />
          <Field.ErrorText>{error}</Field.ErrorText>
        </Field.Root>
      </Stack>
    </DialogFrame>
  );
}
