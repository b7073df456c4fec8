import { Box, Skeleton, Stack } from '@chakra-ui/react';

/** Placeholder while a page or its data loads. */
export function PageSkeleton({ label = '加载中...' }: { label?: string }) {
  return (
    <Box p={{ base: '4', md: '6' }} aria-busy="true" aria-label={label} role="status">
      <Stack gap="4">
        <Skeleton height="8" width="40%" />
        <Skeleton height="24" />
        <Skeleton height="24" />
      </Stack>
    </Box>
  );
}
