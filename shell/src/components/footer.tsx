import { Box, Button, Link, Text } from '@chakra-ui/react';
import { frameMessages } from '@portal/contracts';
import { usePortal } from '@portal/platform';

export interface FooterProps {
  /** Reopens the latest announcement. */
  onShowAnnouncement?: () => void;
}

/** Copyright (2022), the panel link, and the way back to the latest announcement. */
export function Footer({ onShowAnnouncement }: FooterProps) {
  const productName = usePortal((s) => s.config?.productName);
  return (
    <Box as="footer" py="6" px="2" textAlign="center" color="fg.muted" fontSize="sm">
      <Text>
        {frameMessages.copyright} {productName} ·{' '}
        <Link href="#/" colorPalette="brand">
          {frameMessages.panelHome}
        </Link>
        {onShowAnnouncement && (
          <>
            {' '}
            ·{' '}
            <Button
              variant="plain"
              size="sm"
              h="auto"
              minW="0"
              p="0"
              fontSize="inherit"
              fontWeight="normal"
              verticalAlign="baseline"
              colorPalette="brand"
              color="colorPalette.fg"
              _hover={{ textDecoration: 'underline' }}
              onClick={onShowAnnouncement}
            >
              {frameMessages.announcement.title}
            </Button>
          </>
        )}
      </Text>
    </Box>
  );
}
