import { Box, Heading, Text } from '@chakra-ui/react';
import { useSession } from '@portal/platform';

/** Start-use dashboard (the full screen arrives with the accounts issue). */
export default function DashboardPage() {
  const user = useSession((s) => s.user);
  return (
    <Box p={{ base: "4", md: "6" }}>
      <Heading as="h1" size="xl" mb="2">
        使用教程
      </Heading>
      <Text color="fg.muted" data-testid="dashboard-account">
        {user ? `当前账号：${user.email}` : '登录后即可获取订阅链接。'}
      </Text>
    </Box>
  );
}
