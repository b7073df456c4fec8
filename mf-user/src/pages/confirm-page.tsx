import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { Button, Spinner, Stack, Text } from '@chakra-ui/react';
import { messages, profileMessages, redirectMs, userMessages } from '@portal/contracts';
import { addressParams, hasSessionMarker, useSession } from '@portal/platform';
import { RegionError } from '@portal/ui';
import { confirmAccount, type ConfirmAction } from '../features/account/api/confirm-account';
import { AuthCard } from '../features/account/components/auth-card';
import { StatusIllustration } from '../features/account/components/status-illustration';
import { useCountdown } from '../features/account/hooks/use-countdown';

type Outcome = { status: 'success' } | { status: 'failure'; detail: string } | { status: 'unreachable' };

/**
 * The e-mailed confirmation link: `/#/confirm?serial_id&key&action` (action change_password,
 * change_email from the profile, or a signup).
 */
export default function ConfirmPage() {
  const [search] = useSearchParams();
  // The link may carry its query in the hash (router) or before it (plain address).
  const param = (name: string) => search.get(name) ?? addressParams().get(name) ?? '';
  const serialId = param('serial_id');
  const key = param('key');
  const requested = param('action');
  const action: ConfirmAction = requested === 'change_password' || requested === 'change_email' ? requested : 'signup';
  const complete = serialId !== '' && key !== '';
  const [outcome, setOutcome] = useState<{ for: string; outcome: Outcome } | null>(null);
  // Each retry after no answer asks again.
  const [attempt, setAttempt] = useState(0);
  const linkId = `${action}|${serialId}|${key}|${attempt}`;

  useEffect(() => {
    if (!complete) return;
    let cancelled = false;
    void confirmAccount(action, { serial_id: serialId, key }).then((result) => {
      if (cancelled) return;
      setOutcome({
        for: linkId,
        outcome:
          // No answer, or not the link's answer (a server error, a proxy's page): nothing is known yet.
          result.data === null || result.status >= 500 || typeof result.data.Code !== 'number'
            ? { status: 'unreachable' }
            : result.data.Code === 0
              ? { status: 'success' }
              : { status: 'failure', detail: result.data.Msg ?? '' },
      });
    });
    return () => {
      cancelled = true;
    };
  }, [complete, action, serialId, key, linkId]);

  const current: Outcome | null = !complete
    ? { status: 'failure', detail: '' }
    : outcome && outcome.for === linkId
      ? outcome.outcome
      : null;

  return (
    <AuthCard title={userMessages.confirm.title}>
      {current === null && (
        <Stack gap="4" align="center" py="6" role="status" data-testid="confirm-pending">
          <Spinner size="lg" colorPalette="brand" />
          <Text color="fg.muted">{userMessages.confirm.pending}</Text>
        </Stack>
      )}
      {current?.status === 'success' && <ConfirmSuccess action={action} />}
      {current?.status === 'unreachable' && (
        <RegionError
          title={userMessages.confirm.unreachable}
          detail={userMessages.confirm.unreachableDetail}
          onRetry={() => setAttempt((n) => n + 1)}
        />
      )}
      {current?.status === 'failure' && (
        <Stack gap="4" align="center" textAlign="center" data-testid="confirm-failure">
          <StatusIllustration status="failure" />
          <Text fontSize="lg" fontWeight="semibold" role="alert">
            {action === 'change_email' ? profileMessages.emailChangeFailed : messages.confirm.failure}
          </Text>
          {current.detail && <Text color="fg.muted">{current.detail}</Text>}
          {action === 'change_email' ? (
            <Button asChild colorPalette="brand" variant="outline">
              <RouterLink to="/user_info">{profileMessages.backToProfile}</RouterLink>
            </Button>
          ) : (
            <Button asChild colorPalette="brand" variant="outline">
              <RouterLink to="/register">{userMessages.confirm.reRegister}</RouterLink>
            </Button>
          )}
        </Stack>
      )}
    </AuthCard>
  );
}

const successText: Record<ConfirmAction, string> = {
  signup: messages.confirm.registered,
  change_password: messages.confirm.passwordChanged,
  change_email: profileMessages.emailChanged,
};

function ConfirmSuccess({ action }: { action: ConfirmAction }) {
  const navigate = useNavigate();
  const refresh = useSession((s) => s.refresh);
  useCountdown(redirectMs.afterRegisterOrConfirm / 1000, () => navigate('/'));
  useEffect(() => {
    // A password change ends other sessions, an e-mail change renames the account: re-read ours.
    if (hasSessionMarker()) void refresh();
  }, [refresh]);
  return (
    <Stack gap="4" align="center" textAlign="center" data-testid="confirm-success">
      <StatusIllustration status="success" />
      <Text fontSize="lg" fontWeight="semibold" role="status">
        {successText[action]}
      </Text>
      <Button asChild colorPalette="brand">
        <RouterLink to="/">{userMessages.confirm.directLogin}</RouterLink>
      </Button>
    </Stack>
  );
}
