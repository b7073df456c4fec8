import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Stack, Text } from '@chakra-ui/react';
import { Codes, type PasskeyAdded, type PasskeyOptions } from '@portal/contracts';
import { PasskeyNameForm } from '@portal/contracts/schemas';
import { PASSKEY_NAME_MAX, passkeyMessages as pk, secondFactorMessages as m } from '@portal/contracts/second-factor';
import { call, notify } from '@portal/platform';
import { DialogFrame } from '@portal/ui/dialog-frame';
import { firstFailingCheck } from '@portal/ui/form-checks';
import { passkeyCeremony } from '@portal/ui/passkey';
import { TextField } from '../../account/components/form-field';

/** The name, trimmed as it is sent: blank or longer than the call takes is refused here. */
const resolver = firstFailingCheck<PasskeyNameForm>({
  schema: PasskeyNameForm,
  checks: [{ field: 'name', message: pk.passkeyNameInvalid, fails: 'schema' }],
  trimmed: ['name'],
});

export interface AddPasskeyDialogProps {
  onClose: () => void;
  /** `recoveryCodes`: the account's first factor came with them, to be shown once. */
  onAdded: (recoveryCodes?: string[]) => void;
  /** The session's check is too old (1133): the card asks for the factor, then opens this again with the name. */
  onNeedCheck: (name: string) => void;
  initialName?: string;
}

/** 添加通行密钥: a name, then the browser's own prompt (fingerprint, face, security key). */
export function AddPasskeyDialog({ onClose, onAdded, onNeedCheck, initialName = '' }: AddPasskeyDialogProps) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<PasskeyNameForm>({ resolver, reValidateMode: 'onSubmit', defaultValues: { name: initialName } });
  const [failure, setFailure] = useState<string>();

  const submit = handleSubmit(async ({ name }) => {
    setFailure(undefined);
    const result = await passkeyCeremony(
      'register',
      () => call<PasskeyOptions>('second_factor/passkey_register_options', {}),
      (response) => call<PasskeyAdded>('second_factor/passkey_register', { name, response }),
    );
    if (result.code === Codes.OK) {
      notify({ kind: 'success', title: pk.passkeyAddedToast });
      onAdded(result.data?.recoveryCodes);
    } else if (result.code === Codes.STEP_UP_REQUIRED) {
      onNeedCheck(name);
    } else if (result.status !== 502) {
      setFailure(result.msg || pk.passkeyFailed);
    }
  });

  return (
    <DialogFrame
      title={pk.addPasskey}
      testId="passkey-add"
      onClose={onClose}
      busy={isSubmitting}
      closeOnOutsideClick={false}
      cancelLabel={m.cancel}
      confirmLabel={pk.passkeyContinue}
      busyLabel={pk.passkeyWaiting}
      onSubmit={(event) => void submit(event)}
    >
      <Stack gap="3">
        <Text fontSize="sm">{pk.passkeyAddText}</Text>
        <TextField
          label={pk.passkeyNameLabel}
          placeholder={pk.passkeyNamePlaceholder}
          error={errors.name?.message}
          maxLength={PASSKEY_NAME_MAX}
          autoFocus
          {...register('name')}
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
