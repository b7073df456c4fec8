import { Box, Text } from '@chakra-ui/react';

/** One figure of a screen's summary above its table (a total, a rate). */
export function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Box borderWidth="1px" borderRadius="l2" bg="bg" p="3">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="2xl" fontWeight="semibold" data-testid={testId}>
        {value}
      </Text>
    </Box>
  );
}
