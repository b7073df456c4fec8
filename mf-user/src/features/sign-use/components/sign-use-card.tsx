import { useState } from 'react';
import { Button, Card, Stack, Text } from '@chakra-ui/react';
import { Codes, cookieNames, messages, toastMs, userMessages, type UserInfo } from '@portal/contracts';
import { getCookie, notify, requireLogin, setCookie, useSession } from '@portal/platform';
import { todayString } from '../../../lib/time';
import { formatMB } from '../../../lib/units';
import { signUse } from '../api/sign-use';
import { useSignUseInfo } from '../api/sign-use-info';
import { applySignUse, decideSignUse } from '../lib/sign-use-rules';

/** The browser remembers the day of its last sign-in for one day (spec-1 §3 `last-signUse-time`). */
const LAST_SIGN_USE_COOKIE_DAYS = 1;

/** Daily sign-in for paid users: the button, the reward and the streak. */
export function SignUseCard({ user }: { user: UserInfo | null }) {
  const info = useSignUseInfo(user?._id, Boolean(user?.paidUser));
  const [busy, setBusy] = useState(false);

  async function signIn() {
    const today = todayString();
    const decision = decideSignUse(user, getCookie(cookieNames.lastSignUseTime), today);
    if (decision === 'needsLogin') return requireLogin();
    if (decision === 'paidOnly')
      return notify({ kind: 'error', title: messages.signUse.paidOnly, durationMs: toastMs.short });
    if (decision === 'otherAccount') {
      return notify({ kind: 'error', title: messages.signUse.otherAccount, durationMs: toastMs.medium });
    }
    if (decision !== 'go' || !user) return;

    setBusy(true);
    const result = await signUse();
    setBusy(false);
    const { setUser, refresh } = useSession.getState();
    if (result.code === Codes.OK && result.data) {
      setCookie(cookieNames.lastSignUseTime, today, LAST_SIGN_USE_COOKIE_DAYS);
      setUser(applySignUse(user, result.data));
      const added = formatMB(result.data.addTraffic);
      notify({
        kind: 'success',
        title: result.data.extraReward
          ? userMessages.signUseCard.successWithBonus(added, info.continueSignUseDay)
          : userMessages.signUseCard.success(added),
        durationMs: toastMs.medium,
      });
      void refresh();
      return;
    }
    if (result.status === 502) return;
    if (result.code === Codes.SIGN_USE_PAID_ONLY) {
      notify({ kind: 'error', title: messages.signUse.paidOnly, durationMs: toastMs.short });
    } else if (result.code === Codes.SIGN_USE_DONE_TODAY) {
      // Signed in elsewhere already today: show the state the server knows.
      setUser({ ...user, signUseToday: true });
      notify({ kind: 'error', title: result.msg || messages.signUse.failed, durationMs: toastMs.short });
      void refresh();
    } else {
      notify({ kind: 'error', title: messages.signUse.failed, durationMs: toastMs.short });
    }
  }

  const signed = Boolean(user?.signUseToday);
  return (
    <Card.Root data-testid="sign-use-card" size="sm">
      <Card.Header>
        <Card.Title as="h2">{userMessages.signUseCard.title}</Card.Title>
      </Card.Header>
      <Card.Body gap="3">
        <Stack gap="1" fontSize="sm" color="fg.muted">
          <Text>{userMessages.signUseCard.reward(info.signUseRewardTraffic)}</Text>
          {user?.paidUser && (
            <Text data-testid="sign-use-streak">
              {userMessages.signUseCard.streak(
                user.haveContinueSignUseData,
                info.continueSignUseDay,
                info.continueSignReward || user.signUseRewardInfo?.continueSignReward || 0,
              )}
            </Text>
          )}
        </Stack>
        <Button
          colorPalette="brand"
          alignSelf="flex-start"
          disabled={signed}
          loading={busy}
          loadingText={userMessages.signUseCard.signing}
          onClick={() => void signIn()}
          data-testid="sign-use-button"
        >
          {signed ? userMessages.signUseCard.done : userMessages.signUseCard.button}
        </Button>
      </Card.Body>
    </Card.Root>
  );
}
