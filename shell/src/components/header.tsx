import { Box, Button, Flex, HStack, Image, Link, Text } from '@chakra-ui/react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { menuFor, type Role } from '@portal/contracts';
import { useSession, usePortal } from '@portal/platform';

/** Header: logo, the role-filtered menu from the route table, and the session area. */
export function Header() {
  const user = useSession((s) => s.user);
  const logout = useSession((s) => s.logout);
  const isAgency = usePortal((s) => s.isAgency);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const role: Role = user?.type ?? 'none';
  const entries = menuFor(role, isAgency);

  return (
    <Box as="header" bg="bg" borderBottomWidth="1px" position="sticky" top="0" zIndex="sticky">
      <Flex maxW="6xl" mx="auto" px={{ base: '2', md: '6' }} h="14" align="center" gap="3">
        <Link href="#/" flexShrink={0} aria-label="首页">
          <Image src="/logo.png" alt="logo" boxSize="8" />
        </Link>
        <HStack as="nav" aria-label="主菜单" gap="1" flex="1" minW="0" overflowX="auto" whiteSpace="nowrap">
          {entries.map((entry) => (
            <Link
              key={entry.path}
              asChild
              px="3"
              py="2"
              borderRadius="md"
              fontSize="sm"
              fontWeight={pathname === entry.path ? 'semibold' : 'normal'}
              color={pathname === entry.path ? 'brand.fg' : 'fg'}
              bg={pathname === entry.path ? 'brand.subtle' : undefined}
            >
              <NavLink to={entry.path} aria-current={pathname === entry.path ? 'page' : undefined}>
                {entry.menuLabel}
              </NavLink>
            </Link>
          ))}
        </HStack>
        <HStack flexShrink={0} gap="2">
          {user ? (
            <>
              <Text fontSize="sm" display={{ base: 'none', md: 'block' }} data-testid="header-email">
                {user.email}
              </Text>
              <Button
                size="sm"
                variant="ghost"
                onClick={async () => {
                  await logout();
                  navigate('/login');
                }}
              >
                退出登录
              </Button>
            </>
          ) : (
            <Button asChild size="sm" colorPalette="brand">
              <NavLink to="/login">登录</NavLink>
            </Button>
          )}
        </HStack>
      </Flex>
    </Box>
  );
}
