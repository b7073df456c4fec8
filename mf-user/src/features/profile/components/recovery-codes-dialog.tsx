import { secondFactorMessages as m } from '@portal/contracts/second-factor';
import { DialogFrame } from '@portal/ui/dialog-frame';
import { RecoveryCodes } from '@portal/ui/second-factor';

/** New recovery codes, shown once. */
export function RecoveryCodesDialog({ codes, onClose }: { codes: string[]; onClose: () => void }) {
  return (
    <DialogFrame
      title={m.codesTitle}
      testId="second-factor-codes"
      onClose={onClose}
      closeOnOutsideClick={false}
      confirmLabel={m.done}
      onConfirm={onClose}
    >
      <RecoveryCodes codes={codes} />
    </DialogFrame>
  );
}
