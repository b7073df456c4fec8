import { Box, Heading, Text } from '@chakra-ui/react';
import type { RouteDef } from '@portal/contracts';

/** Stand-in for a page whose real screen arrives in a later issue; shows which remote owns it. */
export function PagePlaceholder({ route, note }: { route: RouteDef; note?: string }) {
  return (
    <Box p={{ base: '4', md: '6' }} data-remote={route.remote} data-page={route.page}>
      <Heading as="h1" size="xl" mb="2">
        {route.title.split(' - ')[0]}
      </Heading>
      <Text color="fg.muted">{note ?? '该页面正在建设中。'}</Text>
    </Box>
  );
}
