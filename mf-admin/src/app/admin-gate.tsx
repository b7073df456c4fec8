import { Suspense, type ReactNode } from 'react';
import { Box } from '@chakra-ui/react';
import { adminMessages } from '@portal/contracts/admin-messages';
import { useSession } from '@portal/platform';
import { PageSkeleton, RegionError } from '@portal/ui';
import { engineLabels } from '../engine/labels';
import { canOpen } from '../lib/access';

export interface AdminGateProps {
  /** Page key (the route table says who may open it). */
  page: string;
  /**
   * Marks the refusal as this remote's area (data-remote, as definePages marks real pages); for
   * the placeholders, whose own mark is inside what the gate replaces.
   */
  marked?: boolean;
  children: ReactNode;
}

/**
 * Lets through the users a page is for (see `canOpen`); anyone else reads 无权访问 instead of
 * getting a screen whose every call the BFF would refuse. Waits for the session first.
 */
export function AdminGate({ page, marked = false, children }: AdminGateProps) {
  const status = useSession((s) => s.status);
  const userType = useSession((s) => s.user?.type);
  const permissions = useSession((s) => s.user?.staff?.permissions);
  if (status !== 'ready') return <PageSkeleton />;
  if (!canOpen(page, userType, permissions)) {
    const refusal = <RegionError title={adminMessages.forbidden} detail={engineLabels.forbiddenDetail} />;
    return marked ? (
      <Box data-remote="mf_admin" data-page={page}>
        {refusal}
      </Box>
    ) : (
      refusal
    );
  }
  return <Suspense fallback={<PageSkeleton />}>{children}</Suspense>;
}
