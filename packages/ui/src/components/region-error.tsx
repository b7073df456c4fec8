import { Box, Button, Heading, Text } from '@chakra-ui/react';

export interface RegionErrorProps {
  title?: string;
  detail?: string;
  onRetry?: () => void;
  retrying?: boolean;
}

/** Error view for one region of the page (a remote's area, a card); the rest keeps working. */
export function RegionError({
  title = '页面加载失败',
  detail = '该模块暂时无法加载，请检查网络后重试。',
  onRetry,
  retrying = false,
}: RegionErrorProps) {
  return (
    <Box role="alert" p={{ base: '4', md: '8' }} textAlign="center" borderWidth="1px" borderRadius="l3" bg="bg">
      <Heading size="md" mb="2">
        {title}
      </Heading>
      <Text color="fg.muted" mb="4">
        {detail}
      </Text>
      {onRetry && (
        <Button colorPalette="brand" onClick={onRetry} loading={retrying} loadingText="重试中...">
          重试
        </Button>
      )}
    </Box>
  );
}
