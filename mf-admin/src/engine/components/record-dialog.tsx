import { useEffect, useState } from 'react';
import { Box, Text } from '@chakra-ui/react';
import { Codes } from '@portal/contracts';
import type { CallResult } from '@portal/platform';
import { PageSkeleton, RegionError } from '@portal/ui';
import { DialogFrame } from '@portal/ui/dialog-frame';
import { engineLabels as t } from '../labels';

/** A label and the value shown for it. */
export type RecordRow = readonly [label: string, value: string];

export interface RecordDialogProps<T> {
  title: string;
  testId: string;
  /** The call that fetches the record when the dialog opens (again on 重试). */
  load: () => Promise<CallResult<T>>;
  /** What the dialog shows of the record, in order. */
  rows: (record: T) => readonly RecordRow[];
  onClose: () => void;
}

type Loaded<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; record: T };

/**
 * A record fetched when the dialog opens and shown read-only as label / value pairs (every value
 * as text): loading, the server's message with 重试, or the fields.
 */
export function RecordDialog<T>({ title, testId, load, rows, onClose }: RecordDialogProps<T>) {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    void load().then((result) => {
      if (!current) return;
      setState(
        result.code === Codes.OK
          ? { status: 'ready', record: result.data }
          : { status: 'error', message: result.msg || t.loadFailed },
      );
    });
    return () => {
      current = false;
    };
  }, [load, attempt]);

  const retry = () => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  };

  return (
    <DialogFrame title={title} testId={testId} size="md" onClose={onClose} closeLabel={t.close} cancelLabel={t.close}>
      {state.status === 'loading' && <PageSkeleton />}
      {state.status === 'error' && <RegionError title={t.loadFailed} detail={state.message} onRetry={retry} />}
      {state.status === 'ready' && (
        <Box as="dl" display="grid" gridTemplateColumns="auto 1fr" columnGap="4" rowGap="2" fontSize="sm">
          {rows(state.record).map(([label, value]) => (
            <Box key={label} display="contents">
              <Text as="dt" color="fg.muted" whiteSpace="nowrap">
                {label}
              </Text>
              <Text as="dd" wordBreak="break-all" whiteSpace="pre-wrap" data-field={label}>
                {value}
              </Text>
            </Box>
          ))}
        </Box>
      )}
    </DialogFrame>
  );
}
