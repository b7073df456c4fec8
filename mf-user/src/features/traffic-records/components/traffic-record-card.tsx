import { Badge, Card, HStack, Text } from '@chakra-ui/react';
import type { TrafficRecord } from '@portal/contracts';
import { formatDateTime } from '@portal/platform';
import { formatChange, formatTraffic } from '../lib/format-traffic';
import { trafficRecordsLabels as t } from '../traffic-records-labels';

/** One traffic record: type, signed change, what it was (as text), when, and the totals after it. */
export function TrafficRecordCard({ record }: { record: TrafficRecord }) {
  const credit = record.trafficChange > 0;
  return (
    <Card.Root as="li" size="sm" data-testid="traffic-record" data-type={record.type}>
      <Card.Body gap="1">
        <HStack justify="space-between" gap="2" align="flex-start">
          <Badge colorPalette={credit ? 'green' : 'gray'} data-testid="traffic-record-type">
            {t.typeLabel(record.type)}
          </Badge>
          <Text
            fontWeight="semibold"
            color={credit ? 'green.fg' : record.trafficChange < 0 ? 'red.fg' : undefined}
            whiteSpace="nowrap"
            data-testid="traffic-record-change"
          >
            {formatChange(record.trafficChange)}
          </Text>
        </HStack>
        {record.desc && (
          <Text fontSize="sm" wordBreak="break-word">
            {record.desc}
          </Text>
        )}
        <Text fontSize="sm" color="fg.muted">
          {formatDateTime(record.updateTime)}
        </Text>
        <HStack gap="3" flexWrap="wrap" fontSize="xs" color="fg.muted" data-testid="traffic-record-totals">
          <Text>
            {t.allTraffic} {formatTraffic(record.allTraffic)}
          </Text>
          <Text>
            {t.allSpend} {formatTraffic(record.allSpend)}
          </Text>
          <Text>
            {t.left} {formatTraffic(Math.max(0, record.allTraffic - record.allSpend))}
          </Text>
          {record.exemptionTraffic > 0 && (
            <Text>
              {t.exemption} {formatTraffic(record.exemptionTraffic)}
            </Text>
          )}
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
