import type { ReactNode } from 'react';
import { Badge, Box, Card, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { WalletSpendRecord, WithdrawalRecord } from '@portal/contracts';
import { formatDateTime, formatYuan, toCents, type CallData } from '@portal/platform';
import { EmptyState, RegionError } from '@portal/ui';
import { walletLabels as t } from '../wallet-labels';

/** One list of records with its loading, error (retry), empty and filled states. */
function RecordsSection<T>({
  title,
  testId,
  failedTitle,
  state,
  retry,
  render,
}: {
  title: string;
  testId: string;
  failedTitle: string;
  state: CallData<T[]>;
  retry: () => void;
  render: (record: T, index: number) => ReactNode;
}) {
  return (
    <Stack gap="3" data-testid={testId} minW="0">
      <Heading size="md" as="h2">
        {title}
      </Heading>
      {state.status === 'loading' && (
        <Stack gap="2" aria-busy="true" data-testid={`${testId}-loading`}>
          {[0, 1].map((i) => (
            <Skeleton key={i} height="72px" borderRadius="l2" />
          ))}
        </Stack>
      )}
      {state.status === 'error' && <RegionError title={failedTitle} detail={state.message} onRetry={retry} />}
      {state.status === 'ready' && state.data.length === 0 && <EmptyState />}
      {state.status === 'ready' && state.data.length > 0 && (
        <Stack gap="2" as="ul" listStyleType="none">
          {state.data.map(render)}
        </Stack>
      )}
    </Stack>
  );
}

/** A label and its value, wrapping on a narrow screen. */
function Line({ label, children, mono = false }: { label: string; children: ReactNode; mono?: boolean }) {
  return (
    <Text fontSize="sm" wordBreak="break-all">
      <Text as="span" color="fg.muted">
        {label}：
      </Text>
      <Text as="span" fontFamily={mono ? 'mono' : undefined}>
        {children}
      </Text>
    </Text>
  );
}

/**
 * The user's withdrawals (charge_list) as cards, at any width: amount, status (spec-2 §4: 已结算
 * when paid, otherwise 待结算), times, the operator's message (as text) and the txid once paid.
 */
export function WithdrawalRecords({ state, retry }: { state: CallData<WithdrawalRecord[]>; retry: () => void }) {
  const w = t.withdrawals;
  return (
    <RecordsSection
      title={w.title}
      testId="wallet-withdrawals"
      failedTitle={w.loadFailed}
      state={state}
      retry={retry}
      render={(record) => (
        <Card.Root as="li" key={record._id} size="sm" data-testid="withdrawal-record" data-status={record.status}>
          <Card.Body gap="1">
            <HStack justify="space-between" gap="2">
              <Text fontWeight="semibold">¥{formatYuan(record.money)}</Text>
              <Badge colorPalette={record.status === 'paid' ? 'green' : 'orange'} data-testid="withdrawal-status">
                {record.status === 'paid' ? w.statuses.paid : w.statuses.request}
              </Badge>
            </HStack>
            <Line label={w.requestTime}>{formatDateTime(record.requestTime)}</Line>
            {record.paidTime && <Line label={w.paidTime}>{formatDateTime(record.paidTime)}</Line>}
            <Line label={w.address} mono>
              {record.addressType} {record.address}
            </Line>
            <Line label={w.left}>¥{formatYuan(record.left)}</Line>
            {record.msg && <Line label={w.msg}>{record.msg}</Line>}
            {record.status === 'paid' && record.txid && (
              <Line label={w.txid} mono>
                <Box as="span" data-testid="withdrawal-txid">
                  {record.txid}
                </Box>
              </Line>
            )}
          </Card.Body>
        </Card.Root>
      )}
    />
  );
}

/** The wallet ledger (spend_list): signed amount, what it was, time and the balance after. */
export function SpendRecords({ state, retry }: { state: CallData<WalletSpendRecord[]>; retry: () => void }) {
  const s = t.spends;
  return (
    <RecordsSection
      title={s.title}
      testId="wallet-spends"
      failedTitle={s.loadFailed}
      state={state}
      retry={retry}
      render={(record, index) => {
        const credit = toCents(record.spendMoney) > 0;
        return (
          <Card.Root as="li" key={`${record.time}-${index}`} size="sm" data-testid="spend-record">
            <Card.Body gap="1">
              <HStack justify="space-between" gap="2" align="flex-start">
                <Text fontWeight="medium" minW="0" wordBreak="break-word">
                  {record.desc}
                </Text>
                <Text fontWeight="semibold" color={credit ? 'green.fg' : 'red.fg'} whiteSpace="nowrap">
                  {credit ? '+' : '-'}¥{formatYuan(Math.abs(record.spendMoney))}
                </Text>
              </HStack>
              <HStack justify="space-between" gap="2" flexWrap="wrap" fontSize="sm" color="fg.muted">
                <Text>{formatDateTime(record.time)}</Text>
                <Text>
                  {s.left} ¥{formatYuan(record.left)}
                </Text>
              </HStack>
              <HStack gap="2" flexWrap="wrap">
                {credit && (
                  <Badge colorPalette="green" variant="subtle">
                    {s.credited}
                  </Badge>
                )}
                <Badge
                  colorPalette={record.fund === 'credit' ? 'gray' : 'blue'}
                  variant="outline"
                  data-testid="spend-record-fund"
                  data-fund={record.fund}
                >
                  {s.funds[record.fund]}
                </Badge>
              </HStack>
            </Card.Body>
          </Card.Root>
        );
      }}
    />
  );
}
