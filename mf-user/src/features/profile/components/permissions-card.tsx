import { useState } from 'react';
import { Button, Card, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { PROFILE_PERMISSIONS_SHOWN } from '@portal/contracts';
import { formatDateTime, useCallData } from '@portal/platform';
import { EmptyState, RegionError } from '@portal/ui';
import { myPermissions } from '../api/my-permissions';
import { shownPermissions } from '../lib/profile-form';
import { profileLabels } from '../profile-labels';

const t = profileLabels.permissions;
const isList = (data: unknown) => Array.isArray(data);

/** The special permissions held (spec-2 §2): description and expiry, the first three until the toggle. */
export function PermissionsCard() {
  const { state, retry } = useCallData(myPermissions, { valid: isList });
  const [all, setAll] = useState(false);

  return (
    <Card.Root size="sm" data-testid="profile-permissions">
      <Card.Body>
        <Stack gap="3">
          <Heading size="md" as="h2">
            {t.title}
          </Heading>
          {state.status === 'loading' && (
            <Stack gap="2" aria-busy="true" data-testid="profile-permissions-loading">
              <Skeleton height="48px" borderRadius="l2" />
              <Skeleton height="48px" borderRadius="l2" />
            </Stack>
          )}
          {state.status === 'error' && <RegionError title={t.loadFailed} detail={state.message} onRetry={retry} />}
          {state.status === 'ready' && state.data.length === 0 && <EmptyState />}
          {state.status === 'ready' && state.data.length > 0 && (
            <>
              <Stack as="ul" gap="2" listStyleType="none">
                {shownPermissions(state.data, all).map((permission) => (
                  <Stack
                    as="li"
                    key={permission.id}
                    gap="0.5"
                    p="3"
                    borderWidth="1px"
                    borderRadius="l2"
                    data-testid="profile-permission"
                  >
                    <Text fontWeight="medium" wordBreak="break-word">
                      {permission.desc || permission.name}
                    </Text>
                    <Text fontSize="sm" color="fg.muted">
                      {t.expires(permission.expireTime ? formatDateTime(permission.expireTime) : '-')}
                    </Text>
                  </Stack>
                ))}
              </Stack>
              {state.data.length > PROFILE_PERMISSIONS_SHOWN && (
                <Button
                  size="sm"
                  variant="ghost"
                  alignSelf="flex-start"
                  onClick={() => setAll((v) => !v)}
                  aria-expanded={all}
                >
                  {all ? t.collapse : t.showAll(state.data.length)}
                </Button>
              )}
            </>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
