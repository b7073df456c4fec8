import { useState } from 'react';
import { userMessages } from '@portal/contracts';
import { RegionError } from './region-error.js';

/**
 * A signed-in page whose user could not be loaded (usePageSession's `failed`: the session marker
 * is there, the user info call failed): says so with a retry, instead of sending them to log in.
 */
export function SessionFailed({ onRetry }: { onRetry: () => Promise<unknown> }) {
  const [retrying, setRetrying] = useState(false);
  return (
    <RegionError
      title={userMessages.dashboard.loadFailed}
      detail={userMessages.dashboard.loadFailedDetail}
      retrying={retrying}
      onRetry={() => {
        setRetrying(true);
        void onRetry().finally(() => setRetrying(false));
      }}
    />
  );
}
