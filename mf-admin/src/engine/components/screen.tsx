import type { ReactNode } from 'react';
import { Flex, Heading, HStack, Stack } from '@chakra-ui/react';

export interface ScreenProps {
  title: string;
  testId: string;
  /** Buttons beside the title; they wrap under it on a phone. */
  toolbar?: ReactNode;
  children: ReactNode;
}

/** The frame of every back-office screen: its title, its toolbar, its content. */
export function Screen({ title, testId, toolbar, children }: ScreenProps) {
  return (
    <Stack gap="4" p={{ base: '3', md: '6' }} data-testid={`${testId}-screen`}>
      <Flex justify="space-between" align="center" gap="3" flexWrap="wrap">
        <Heading as="h1" size="lg">
          {title}
        </Heading>
        <HStack gap="2" flexWrap="wrap">
          {toolbar}
        </HStack>
      </Flex>
      {children}
    </Stack>
  );
}
