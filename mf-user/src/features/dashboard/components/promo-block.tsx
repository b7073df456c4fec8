import { Link as RouterLink } from 'react-router';
import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { userMessages } from '@portal/contracts';

/** The promo block for signed-in users outside agency mode. */
export function PromoBlock() {
  return (
    <Box
      data-testid="promo-block"
      borderRadius="l3"
      bg="brand.subtle"
      borderWidth="1px"
      borderColor="brand.muted"
      p={{ base: '4', md: '5' }}
    >
      <Flex direction={{ base: 'column', sm: 'row' }} gap="3" justify="space-between" align={{ sm: 'center' }}>
        <Stack gap="1">
          <Text fontWeight="semibold" color="brand.fg">
            {userMessages.promo.title}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {userMessages.promo.body}
          </Text>
        </Stack>
        <Button asChild colorPalette="brand" size="sm" flexShrink={0} alignSelf={{ base: 'flex-start', sm: 'center' }}>
          <RouterLink to="/shop">{userMessages.promo.cta}</RouterLink>
        </Button>
      </Flex>
    </Box>
  );
}
