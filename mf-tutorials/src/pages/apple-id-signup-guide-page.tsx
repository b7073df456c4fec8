import { Box, Card, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { tutorialMessages } from '@portal/contracts';
import { ClientScreen } from '../components/client-screen';
import { appleIdIntro, appleIdSteps } from '../features/help/lib/apple-id-steps';

/** /apple_id_signup_guide: the static five-step overseas Apple ID guide of spec-1. */
export default function AppleIdSignupGuidePage() {
  return (
    <Stack as="article" gap="5" maxW="3xl" mx="auto" px={{ base: '3', md: '4' }} py="6">
      <Heading as="h1" size="2xl">
        海外 Apple ID 注册教程
      </Heading>
      {appleIdIntro.map((p) => (
        <Text key={p}>{p}</Text>
      ))}
      <Stack as="ol" gap="4" listStyleType="none" p="0" m="0" aria-label={tutorialMessages.steps}>
        {appleIdSteps.map((step, i) => (
          <Box as="li" key={step.title}>
            <Card.Root variant="outline">
              <Card.Body gap="3">
                <Heading as="h2" size="md">
                  {tutorialMessages.step(i + 1)}：{step.title}
                </Heading>
                {step.text.map((p) => (
                  <Text key={p}>{p}</Text>
                ))}
                {step.screen && (
                  <Box as="figure" m="0" display="flex" justifyContent="center" bg="bg.subtle" rounded="md" p="3">
                    <ClientScreen spec={step.screen} />
                  </Box>
                )}
              </Card.Body>
            </Card.Root>
          </Box>
        ))}
      </Stack>
      <Text>
        不想注册？付费用户可以使用本站的{' '}
        <Link href="/#/apple_id_share" color="fg.info" textDecoration="underline">
          共享 Apple ID
        </Link>
        。
      </Text>
    </Stack>
  );
}
