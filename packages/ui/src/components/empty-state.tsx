import { Box, Text } from '@chakra-ui/react';

export const EMPTY_TEXT = '暂无记录';

/** The spec's empty view for lists and tables. */
export function EmptyState({ text = EMPTY_TEXT }: { text?: string }) {
  return (
    <Box py="10" textAlign="center" color="fg.muted" role="status">
      <Text>{text}</Text>
    </Box>
  );
}
