import { Box, Container } from '@chakra-ui/react';
import { Outlet } from 'react-router';
import { Header } from './header';
import { Footer } from './footer';

export function Layout() {
  return (
    <Box minH="100dvh" display="flex" flexDirection="column" overflowX="hidden">
      <Header />
      <Container as="main" flex="1" maxW="6xl" px={{ base: '2', md: '6' }} py={{ base: '3', md: '6' }}>
        <Outlet />
      </Container>
      <Footer />
    </Box>
  );
}
