import { Badge, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { toastMs, type AppleIdAccount } from '@portal/contracts';
import { copyText, notify } from '@portal/platform';
import { appleIdLabels as t } from '../apple-id-labels';

async function copy(text: string) {
  if (await copyText(text)) notify({ kind: 'success', title: t.messages.copied, durationMs: toastMs.short });
  else notify({ kind: 'error', title: t.messages.copyFailed, durationMs: toastMs.long });
}

/** A value with its copy button; long values wrap on a phone. */
function CopyLine({
  label,
  value,
  copyLabel,
  testId,
}: {
  label: string;
  value: string;
  copyLabel: string;
  testId: string;
}) {
  return (
    <HStack justify="space-between" align="center" gap="2">
      <Stack gap="0" minW="0">
        <Text fontSize="xs" color="fg.muted">
          {label}
        </Text>
        <Text fontFamily="mono" wordBreak="break-all" data-testid={testId}>
          {value}
        </Text>
      </Stack>
      <Button
        size="xs"
        variant="outline"
        flexShrink={0}
        onClick={() => void copy(value)}
        aria-label={`${copyLabel} ${value}`}
      >
        {copyLabel}
      </Button>
    </HStack>
  );
}

/** One shared account (spec-2 §2): account and password with copy buttons, region, status and the operator's note. */
export function AppleIdCard({ account }: { account: AppleIdAccount }) {
  return (
    <Card.Root size="sm" data-testid="apple-id-card" minW="0">
      <Card.Body>
        <Stack gap="3">
          <HStack gap="2" flexWrap="wrap">
            {account.region && <Badge colorPalette="brand">{account.region}</Badge>}
            {account.status && (
              <Badge variant="outline" data-testid="apple-id-status">
                {account.status}
              </Badge>
            )}
          </HStack>
          <CopyLine label={t.account} value={account.account} copyLabel={t.copyAccount} testId="apple-id-account" />
          <CopyLine label={t.password} value={account.password} copyLabel={t.copyPassword} testId="apple-id-password" />
          {account.note && (
            <Text fontSize="sm" color="fg.muted" wordBreak="break-word" whiteSpace="pre-line">
              {t.note}：{account.note}
            </Text>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
