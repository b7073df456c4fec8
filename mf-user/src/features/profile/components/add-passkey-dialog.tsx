import { useState, type FormEvent } from 'react';
import { Stack, Text } from '@chakra-ui/react';
import { Codes, type PasskeyOptions, type PasskeySummary } from '@portal/contracts';
import { PASSKEY_NAME_MAX, passkeyMessages as pk, secondFactorMessages as m } from '@portal/contracts/second-factor';
import { call, notify } from '@portal/platform';
import { DialogFrame } from '@portal/ui/dialog-frame';
import { passkeyCeremony } from '@portal/ui/passkey';
import { TextField } from '../../account/components/form-field';

export interface AddPasskeyDialogProps {
  onClose: () => void;
  onAdded: () => void;
  /** The session's check is too old (1133): the card asks for the factor, then opens this again with the name. */
  onNeedCheck: (name: string) => void;
  initialName?: string;
}

/** 添加通行密钥: a name, then the browser's own prompt (fingerprint, face, security key). */
export function AddPasskeyDialog({ onClose, onAdded, onNeedCheck, initialName = '' }: AddPasskeyDialogProps) {
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const trimmed = name.trim();
    if (trimmed === '') {
      setError(pk.passkeyNameInvalid);
      return;
    }
    setError(undefined);
    setFailure(undefined);
    setBusy(true);
    const result = await passkeyCeremony(
      'register',
      () => call<PasskeyOptions>('second_factor/passkey_register_options', {}),
      (response) => call<PasskeySummary>('second_factor/passkey_register', { name: trimmed, response }),
    );
    setBusy(false);
    if (result.code === Codes.OK) {
      notify({ kind: 'success', title: pk.passkeyAddedToast });
      onAdded();
    } else if (result.code === Codes.STEP_UP_REQUIRED) {
      onNeedCheck(trimmed);
    } else if (result.status !== 502) {
      setFailure(result.msg || pk.passkeyFailed);
    }
  }

  return (
    <DialogFrame
      title={pk.addPasskey}
      testId="passkey-add"
      onClose={onClose}
      busy={busy}
      closeOnOutsideClick={false}
      cancelLabel={m.cancel}
      confirmLabel={pk.passkeyContinue}
      busyLabel={pk.passkeyWaiting}
      onSubmit={submit}
    >
      <Stack gap="3">
        <Text fontSize="sm">{pk.passkeyAddText}</Text>
        <TextField
          label={pk.passkeyNameLabel}
          placeholder={pk.passkeyNamePlaceholder}
          value={name}
          onValueChange={setName}
          error={error}
          maxLength={PASSKEY_NAME_MAX}
          autoFocus
        />
        {failure !== undefined && (
          <Text color="fg.error" fontSize="sm" role="alert">
            {failure}
          </Text>
        )}
      </Stack>
    </DialogFrame>
  );
}
