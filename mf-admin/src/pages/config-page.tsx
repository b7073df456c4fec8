import { useCallback } from 'react';
import { useCallData } from '@portal/platform';
import { PageSkeleton, RegionError } from '@portal/ui';
import { Screen } from '../engine/components/screen';
import { engineLabels } from '../engine/labels';
import { configGet } from '../features/config/api/config-get';
import { ConfigForm } from '../features/config/components/config-form';
import { configLabels } from '../features/config/labels';

const validConfig = (data: { fields?: unknown; values?: unknown }) =>
  Array.isArray(data.fields) && typeof data.values === 'object';

/** /admin_config (spec-2 §2 item 1): the settings form; Restore reads the saved settings again. */
export default function ConfigPage() {
  const load = useCallback(() => configGet(), []);
  const { state, retry } = useCallData(load, { valid: validConfig });
  // Restore (retry) passes through 'loading', so the form starts again from the saved values.
  if (state.status === 'ready') return <ConfigForm config={state.data} onReload={retry} />;
  return (
    <Screen title={configLabels.title} testId="config">
      {state.status === 'loading' ? (
        <PageSkeleton />
      ) : (
        <RegionError title={engineLabels.loadFailed} detail={state.message} onRetry={retry} />
      )}
    </Screen>
  );
}
