import type { ReactNode } from 'react';
import { Card, Center, Heading } from '@chakra-ui/react';

/** The centred card every account screen (login, register, confirm, reset) sits in. */
export function AuthCard({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <Center py={{ base: '2', md: '10' }} px={{ base: '0', md: '4' }}>
      <Card.Root width="full" maxW="md">
        <Card.Header>
          <Heading as="h1" size="xl">
            {title}
          </Heading>
        </Card.Header>
        <Card.Body>{children}</Card.Body>
        {footer && (
          <Card.Footer flexWrap="wrap" gap="3" fontSize="sm">
            {footer}
          </Card.Footer>
        )}
      </Card.Root>
    </Center>
  );
}
