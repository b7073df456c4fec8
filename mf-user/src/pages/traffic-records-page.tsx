import { useId, useMemo, useState } from 'react';
import { Box, Field, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { trafficRecordTypes } from '@portal/contracts';
import { useCallData, useSignedInPage } from '@portal/platform';
import { EmptyState, RegionError, SessionFailed } from '@portal/ui';
import { myTrafficRecords } from '../features/traffic-records/api/my-traffic-records';
import { TrafficRecordCard } from '../features/traffic-records/components/traffic-record-card';
import { trafficRecordsLabels as t } from '../features/traffic-records/traffic-records-labels';

/**
 * /traffic_records (spec-2 §2, §9): the user's traffic records of the last 10 days, newest first,
 * with a type filter (applied in the page: ten days of one user's records are few). Signed-in
 * users only: a visitor gets the login prompt.
 */
export default function TrafficRecordsPage() {
  const session = useSignedInPage();
  const { user } = session;
  const sessionReady = session.state !== 'loading';
  const signedIn = user !== null;
  const [type, setType] = useState('');
  const typeId = useId();

  const { state, retry } = useCallData(myTrafficRecords, { enabled: signedIn, valid: Array.isArray });
  const shown = useMemo(
    () => (state.status === 'ready' ? state.data.filter((r) => type === '' || r.type === type) : []),
    [state, type],
  );

  return (
    <Stack gap="4" px={{ base: '3', md: '6' }} py={{ base: '4', md: '6' }} maxW="3xl" mx="auto" w="full" minW="0">
      <Stack gap="1">
        <Heading size="lg">{t.title}</Heading>
        <Text fontSize="sm" color="fg.muted">
          {t.subtitle}
        </Text>
      </Stack>
      {session.state === 'visitor' && <Text color="fg.muted">{t.loginNeeded}</Text>}
      {session.state === 'failed' && <SessionFailed onRetry={session.retry} />}
      {signedIn && (
        <Field.Root maxW={{ base: 'full', sm: '16rem' }}>
          <Field.Label htmlFor={typeId}>{t.type}</Field.Label>
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
            <select id={typeId} value={type} onChange={(e) => setType(e.target.value)}>
              <option value="">{t.allTypes}</option>
              {trafficRecordTypes.map((value) => (
                <option key={value} value={value}>
                  {t.typeLabel(value)}
                </option>
              ))}
            </select>
          </Box>
        </Field.Root>
      )}
      {(signedIn || !sessionReady) && state.status === 'loading' && (
        <Stack gap="2" aria-busy="true" data-testid="traffic-records-loading">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height="96px" borderRadius="l2" />
          ))}
        </Stack>
      )}
      {state.status === 'error' && <RegionError title={t.loadFailed} detail={state.message} onRetry={retry} />}
      {state.status === 'ready' && shown.length === 0 && <EmptyState />}
      {state.status === 'ready' && shown.length > 0 && (
        <Stack gap="2" as="ul" listStyleType="none" data-testid="traffic-records">
          {shown.map((record) => (
            <TrafficRecordCard key={record._id} record={record} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
