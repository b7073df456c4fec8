import { useId, useState, type FormEvent } from 'react';
import { Box, Button, Card, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import {
  Codes,
  isWithdrawalAddress,
  toastMs,
  withdrawalAddressTypes,
  type Wallet,
  type WithdrawalAddressType,
} from '@portal/contracts';
import { notify } from '@portal/platform';
import { changeRewardAddress } from '../api/change-reward-address';
import { walletLabels } from '../wallet-labels';

const t = walletLabels.account;

/**
 * The withdrawal account (spec-2 §2, §5): network and address, checked for the network's format
 * here as the BFF does (TRC20 T + 33 base58 characters, ERC20 0x + 40 hex); `onSaved` gets the
 * saved pair.
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
  const [busy, setBusy] = useState(false);
  const typeId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = address.trim();
    if (!trimmed) return setError(t.empty);
    if (!isWithdrawalAddress(addressType, trimmed)) return setError(t.invalid(addressType));
    setError(null);
    setBusy(true);
    const result = await changeRewardAddress({ addressType, address: trimmed });
    setBusy(false);
    if (result.code === Codes.OK) {
      setAddress(trimmed);
      notify({ kind: 'success', title: t.saved, durationMs: toastMs.short });
      onSaved({ addressType, address: trimmed });
    } else if (result.status !== 502) {
      setError(result.msg || t.saveFailed);
    }
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
            <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={busy} loadingText={t.saving}>
              {t.save}
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
