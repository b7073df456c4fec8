import { useId, useState, type FormEvent } from 'react';
import { Box, Button, Card, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import {
  Codes,
  currentPasswordMessages,
  isWithdrawalAddress,
  toastMs,
  withdrawalAddressTypes,
  type Wallet,
  type WithdrawalAddressType,
} from '@portal/contracts';
import { notify } from '@portal/platform';
import { lazyDialog } from '@portal/ui';
import type { PasswordDialogProps } from '../../../components/password-dialog';
import { changeRewardAddress } from '../api/change-reward-address';
import { walletLabels } from '../wallet-labels';

const t = walletLabels.account;
const p = currentPasswordMessages.address;

const PasswordDialog = lazyDialog<PasswordDialogProps>(() => import('../../../components/password-dialog'));

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
  const [addressType, setAddressType] = useState<WithdrawalAddressType>(wallet.addressType || 'USDT-TRC20');
  const [address, setAddress] = useState(wallet.address);
  const [error, setError] = useState<string | null>(null);
  /** The checked address awaiting the password (the dialog is open). */
  const [pending, setPending] = useState<{ addressType: WithdrawalAddressType; address: string } | null>(null);
  const typeId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = address.trim();
    if (!trimmed) return setError(t.empty);
    if (!isWithdrawalAddress(addressType, trimmed)) return setError(t.invalid(addressType));
    setError(null);
    setPending({ addressType, address: trimmed });
  }

  /** The save with the password: null once saved, else the refusal the dialog shows. */
  async function save(password: string): Promise<string | null> {
    if (pending === null) return null;
    const result = await changeRewardAddress({ ...pending, password });
    if (result.code !== Codes.OK) return result.msg || t.saveFailed;
    setPending(null);
    setAddress(pending.address);
    notify({ kind: 'success', title: t.saved, durationMs: toastMs.short });
    onSaved(pending);
    return null;
  }

  return (
    <Card.Root size="sm" data-testid="wallet-address-form">
      <Card.Body>
        <form onSubmit={(e) => void submit(e)} noValidate>
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
                <select
                  id={typeId}
                  value={addressType}
                  onChange={(e) => {
                    setAddressType(e.target.value as WithdrawalAddressType);
                    setError(null);
                  }}
                >
                  {withdrawalAddressTypes.map((type) => (
                    <option key={type} value={type}>
                      {type}
                    </option>
                  ))}
                </select>
              </Box>
            </Field.Root>
            <Field.Root invalid={error !== null}>
              <Field.Label>{t.address}</Field.Label>
              <Input
                value={address}
                onChange={(e) => setAddress(e.target.value)}
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
