import { useCallback, useEffect, useState } from 'react';
import { Codes, type AgentListItem } from '@portal/contracts';
import { agentList } from '../api/agent-list';

export type AgentListState =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; agents: AgentListItem[] };

/** Loads the node list once, with a retry after a failure. */
export function useAgentList(): { state: AgentListState; retry: () => void } {
  const [state, setState] = useState<AgentListState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let cancelled = false;
    void agentList().then((result) => {
      if (cancelled) return;
      if (result.code === Codes.OK && Array.isArray(result.data)) setState({ status: 'ready', agents: result.data });
      else setState({ status: 'error', message: result.msg || '请稍后重试' });
    });
    return () => {
      cancelled = true;
    };
  }, [attempt]);
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { state, retry };
}
