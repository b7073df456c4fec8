import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Box, Button, Card, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import {
  Codes,
  currentPasswordMessages,
  isWithdrawalAddress,
  toastMs,
  withdrawalAddressTypes,
  type Wallet,
} from '@portal/contracts';
import { RewardAddressForm } from '@portal/contracts/schemas';
import { notify } from '@portal/platform';
import { lazyDialog } from '@portal/ui';
import type { PasswordDialogProps } from '../../../components/password-dialog';
import { firstFailingCheck } from '@portal/ui/form-checks';
import { changeRewardAddress } from '../api/change-reward-address';
import { walletLabels } from '../wallet-labels';

const t = walletLabels.account;
const p = currentPasswordMessages.address;

const PasswordDialog = lazyDialog<PasswordDialogProps>(() => import('../../../components/password-dialog'));

/** An address must be given (trimmed), then match its network's format. */
const resolver = firstFailingCheck<RewardAddressForm>({
  schema: RewardAddressForm,
  checks: [
    { field: 'address', message: t.empty, fails: 'schema' },
    {
      field: 'address',
      message: ({ addressType }) => t.invalid(addressType),
      fails: ({ addressType, address }) => !isWithdrawalAddress(addressType, address),
    },
  ],
  trimmed: ['address'],
});

/**
 * The withdrawal account (spec-2 §2, §5): network and address, checked for the network's format
 * here as the BFF does (TRC20 T + 33 base58 characters, ERC20 0x + 40 hex), then saved in a
 * dialog that asks for the current password; `onSaved` gets the saved pair.
 */
export function AddressForm({
  wallet,
  onSaved,
}: {
  wallet: Wallet;
  onSaved: (saved: Pick<Wallet, 'address' | 'addressType'>) => void;
}) {
  const {
    register,
    handleSubmit,
    setValue,
    clearErrors,
    control,
    formState: { errors },
  } = useForm<RewardAddressForm>({
    resolver,
    reValidateMode: 'onSubmit',
    defaultValues: { addressType: wallet.addressType || 'USDT-TRC20', address: wallet.address },
  });
  const addressType = useWatch({ control, name: 'addressType' });
  const error = errors.address?.message;
  /** The checked address awaiting the password (the dialog is open). */
  const [pending, setPending] = useState<RewardAddressForm | null>(null);
  const typeId = useId();

  const submit = handleSubmit((checked) => setPending(checked));

  /** The save with the password: null once saved, else the refusal the dialog shows. */
  async function save(password: string): Promise<string | null> {
    if (pending === null) return null;
    const result = await changeRewardAddress({ ...pending, password });
    if (result.code !== Codes.OK) return result.msg || t.saveFailed;
    setPending(null);
    setValue('address', pending.address);
    notify({ kind: 'success', title: t.saved, durationMs: toastMs.short });
    onSaved(pending);
    return null;
  }

  return (
    <Card.Root size="sm" data-testid="wallet-address-form">
      <Card.Body>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="3">
            <Heading size="md">{t.title}</Heading>
            <Text fontSize="sm" color="fg.muted" wordBreak="break-all" data-testid="wallet-current-address">
              {wallet.addressType && wallet.address ? t.current(wallet.addressType, wallet.address) : t.none}
            </Text>
            <Field.Root>
              <Field.Label htmlFor={typeId}>{t.addressType}</Field.Label>
              {/* A native select styled like the inputs: the portal's system carries no select recipe. */}
              <Box
                asChild
                w="full"
                h="10"
                px="3"
                borderWidth="1px"
                borderColor="border"
                borderRadius="l2"
                bg="bg"
                fontSize="sm"
              >
                <select id={typeId} {...register('addressType', { onChange: () => clearErrors('address') })}>
                  {withdrawalAddressTypes.map((type) => (
                    <option key={type} value={type}>
                      {type}
                    </option>
                  ))}
                </select>
              </Box>
            </Field.Root>
            <Field.Root invalid={error !== undefined}>
              <Field.Label>{t.address}</Field.Label>
              <Input
                {...register('address')}
                placeholder={t.placeholders[addressType]}
                autoComplete="off"
                spellCheck={false}
                fontFamily="mono"
                maxLength={64}
              />
              <Field.ErrorText>{error}</Field.ErrorText>
            </Field.Root>
            <Button type="submit" colorPalette="brand" alignSelf="flex-start" onPointerEnter={PasswordDialog.preload}>
              {t.save}
            </Button>
          </Stack>
        </form>
      </Card.Body>
      {pending !== null && (
        <PasswordDialog
          title={p.title}
          text={p.text(pending.addressType, pending.address)}
          confirmLabel={p.confirm}
          testId="address-password-dialog"
          onClose={() => setPending(null)}
          onConfirm={save}
        />
      )}
    </Card.Root>
  );
}
