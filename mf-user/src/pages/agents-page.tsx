import { Box, Heading, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { EmptyState, RegionError } from '@portal/ui';
import { AgentCard } from '../features/agents/components/agent-card';
import { useAgentList } from '../features/agents/components/use-agent-list';
import { agentTypeDescriptions } from '../features/agents/lib/agent-types';

/** /agents: node-type descriptions and one card per node with its latency (spec-2 §2). */
export default function AgentsPage() {
  const { state, retry } = useAgentList();
  return (
    <Stack gap="5" px={{ base: '3', md: '6' }} py={{ base: '4', md: '6' }} maxW="6xl" mx="auto" w="full">
      <Heading size="lg">节点列表</Heading>
      <Box borderWidth="1px" borderRadius="l2" p={{ base: '3', md: '4' }} bg="bg.subtle" data-testid="agent-types">
        <Stack gap="2">
          {agentTypeDescriptions.map((d) => (
            <Text key={d.type} fontSize="sm">
              <Text as="span" fontWeight="semibold">
                {d.title}：
              </Text>
              {d.text}
            </Text>
          ))}
          <Text fontSize="xs" color="fg.muted">
            延迟为节点最近一次上报的测速结果：150 ms 以下为绿色，150–200 ms 为黄色，200 ms 及以上为红色。
          </Text>
        </Stack>
      </Box>
      {state.status === 'loading' && (
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="3" data-testid="agents-loading" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height="88px" borderRadius="l2" />
          ))}
        </SimpleGrid>
      )}
      {state.status === 'error' && <RegionError title="节点列表加载失败" detail={state.message} onRetry={retry} />}
      {state.status === 'ready' && state.agents.length === 0 && <EmptyState />}
      {state.status === 'ready' && state.agents.length > 0 && (
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="3" data-testid="agent-list">
          {state.agents.map((agent) => (
            <AgentCard key={agent._id} agent={agent} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
