import { Box, Link, Text } from '@chakra-ui/react';
import { usePortal } from '@portal/platform';

export function Footer() {
  const productName = usePortal((s) => s.config?.productName);
  return (
    <Box as="footer" py="6" textAlign="center" color="fg.muted" fontSize="sm">
      <Text>
        Copyright © 2022 {productName} ·{' '}
        <Link href="#/" colorPalette="brand">
          面板首页
        </Link>
      </Text>
    </Box>
  );
}
