import { useCallback, useState } from 'react';
import { Heading, SimpleGrid, Skeleton, Stack } from '@chakra-ui/react';
import { usePortal, useSession, useCallData } from '@portal/platform';
import { RegionError } from '@portal/ui';
import { fetchUserInfo } from '../features/profile/api/user-info';
import { ClientDevicesCard } from '../features/profile/components/client-devices-card';
import { DevicesCard } from '../features/profile/components/devices-card';
import { PermissionsCard } from '../features/profile/components/permissions-card';
import { ProfileForm } from '../features/profile/components/profile-form';
import { SecondFactorCard } from '../features/profile/components/second-factor-card';
import { SubscriptionLinkCard } from '../features/profile/components/subscription-link-card';
import { TelegramCard } from '../features/profile/components/telegram-card';
import { profileLabels as t } from '../features/profile/profile-labels';

/** Two columns once the page's own area is this wide (the shell decides the area, not the viewport). */
const twoColumnsFrom = (width: string) => ({
  [`@container (min-width: ${width})`]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
});

/**
 * /user_info (spec-2 §2 "Profile"; login required by the route): avatar, e-mail and the options
 * (saved together), special permissions, resetting the subscription link, the Telegram binding
 * (not for agency users) and the signed-in devices (登录设备). User info is read again when the
 * page opens and after every change, into the session too, so the rest of the portal sees the change.
 */
export default function UserInfoPage() {
  const { state, retry, update } = useCallData(fetchUserInfo);
  const agencyHost = usePortal((s) => s.isAgency);
  // The form starts again from what the server holds after each save.
  const [formVersion, setFormVersion] = useState(0);

  const reload = useCallback(async () => {
    const fresh = await useSession.getState().refresh();
    if (fresh) update(() => fresh);
    setFormVersion((v) => v + 1);
  }, [update]);

  return (
    <Stack
      gap="5"
      px={{ base: '3', md: '6' }}
      py={{ base: '4', md: '6' }}
      maxW="5xl"
      mx="auto"
      w="full"
      minW="0"
      css={{ containerType: 'inline-size' }}
      data-testid="user-info-page"
    >
      <Heading size="lg">{t.title}</Heading>
      {state.status === 'loading' && (
        <Stack gap="3" aria-busy="true" data-testid="user-info-loading">
          <Skeleton height="320px" borderRadius="l2" />
          <Skeleton height="120px" borderRadius="l2" />
        </Stack>
      )}
      {state.status === 'error' && <RegionError title={t.loadFailed} detail={state.message} onRetry={retry} />}
      {state.status === 'ready' && (
        <SimpleGrid columns={1} gap="4" alignItems="start" css={twoColumnsFrom('48em')}>
          <ProfileForm key={formVersion} user={state.data} onSaved={reload} />
          <Stack gap="4" minW="0">
            <PermissionsCard />
            <SubscriptionLinkCard />
            <ClientDevicesCard />
            {/* Staff only (it renders nothing for others): 两步验证 (issue 25). */}
            <SecondFactorCard />
            {!state.data.is_agency_user && !agencyHost && <TelegramCard user={state.data} onUnbound={reload} />}
            <DevicesCard />
          </Stack>
        </SimpleGrid>
      )}
    </Stack>
  );
}
