import { Badge, Card, HStack, Stack, Text } from '@chakra-ui/react';
import type { AgentListItem } from '@portal/contracts';
import { CountryFlag } from '@portal/ui/country-flag';
import { latencyBadge } from '../lib/agent-types';

/** One node: flag, name, description, and the latency it last reported, coloured by the spec's thresholds. */
export function AgentCard({ agent }: { agent: AgentListItem }) {
  const latency = latencyBadge(agent.speed);
  return (
    <Card.Root size="sm" data-testid="agent-card" data-agent-id={agent._id}>
      <Card.Body>
        <HStack gap="3" align="flex-start">
          <CountryFlag flag={agent.country.flag} name={agent.country.name} height={24} />
          <Stack gap="1" flex="1" minW="0">
            <HStack justify="space-between" gap="2">
              <Text
                fontWeight="semibold"
                flex="1"
                minW="0"
                lineClamp={2}
                wordBreak="break-word"
                data-testid="agent-name"
              >
                {agent.name}
              </Text>
              <Badge
                colorPalette={latency.colour}
                variant="solid"
                flexShrink={0}
                data-testid="agent-latency"
                data-latency-colour={latency.colour}
              >
                {latency.text}
              </Badge>
            </HStack>
            {agent.desc !== '' && (
              <Text fontSize="sm" color="fg.muted" data-testid="agent-desc">
                {agent.desc}
              </Text>
            )}
            {agent.bandwidth !== '' && (
              <Text fontSize="xs" color="fg.subtle">
                带宽 {agent.bandwidth}
              </Text>
            )}
          </Stack>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
