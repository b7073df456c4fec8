import { Badge, Box, Card, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { PRODUCT_NAME, routes, tutorialMessages } from '@portal/contracts';
import { ClientScreen } from '../../../components/client-screen';
import type { Guide, GuideStep } from '../lib/guide';
import { ImportActions } from './import-actions';

/** The page's heading: the route's title without the product suffix. */
export function guideHeading(guide: Pick<Guide, 'page'>): string {
  const route = routes.find((r) => r.remote === 'mf_tutorials' && r.page === guide.page);
  return route ? route.title.replace(` - ${PRODUCT_NAME}`, '') : guide.page;
}

function StepExtras({ guide, step }: { guide: Guide; step: GuideStep }) {
  switch (step.kind) {
    case 'oneTap':
      return <ImportActions client={guide.client} oneTap />;
    case 'manual':
      return <ImportActions client={guide.client} />;
    case 'issues':
      return (
        <Text>
          <Link href="/#/windows_errors" color="fg.info" textDecoration="underline">
            {tutorialMessages.troubleshooting}
          </Link>
          {'　'}
          {tutorialMessages.feedback}{' '}
          <Link href="/#/feedback" color="fg.info" textDecoration="underline">
            {tutorialMessages.feedbackLink}
          </Link>
        </Text>
      );
    default:
      return null;
  }
}

/**
 * One client tutorial, rendered from its definition: intro, versions and download, then the
 * numbered steps (install, one-tap import, manual import, enable proxy, optional rules and
 * auto-update, other issues) with our own drawings of the client's screens.
 */
export function GuideView({ guide }: { guide: Guide }) {
  return (
    <Stack as="article" gap="5" maxW="3xl" mx="auto" px={{ base: '3', md: '4' }} py="6">
      <Stack gap="2">
        <Heading as="h1" size="2xl">
          {guideHeading(guide)}
        </Heading>
        <Text>{guide.intro}</Text>
        {guide.versions && (
          <HStack gap="2" wrap="wrap" aria-label={tutorialMessages.versions}>
            <Text fontSize="sm" color="fg.muted">
              {tutorialMessages.versions}：
            </Text>
            {guide.versions.map((v) => (
              <Badge key={v.label} colorPalette="blue" variant="subtle">
                {v.label} {v.version}
              </Badge>
            ))}
          </HStack>
        )}
        {guide.requirement && (
          <Text fontSize="sm">
            {tutorialMessages.requirement}：{guide.requirement}
          </Text>
        )}
      </Stack>
      <Stack as="ol" gap="4" aria-label={tutorialMessages.steps} listStyleType="none" p="0" m="0">
        {guide.steps.map((step, i) => (
          <Box as="li" key={step.kind} data-step={step.kind}>
            <Card.Root variant="outline">
              <Card.Body gap="3">
                <Heading as="h2" size="md">
                  {tutorialMessages.step(i + 1)}：{step.title}
                </Heading>
                {step.kind === 'install' && (
                  <Text>
                    {guide.download.text}
                    {guide.download.href && (
                      <>
                        {' '}
                        <Link
                          href={guide.download.href}
                          target="_blank"
                          rel="noopener noreferrer"
                          color="fg.info"
                          textDecoration="underline"
                        >
                          {guide.download.label ?? tutorialMessages.download}
                        </Link>
                      </>
                    )}
                  </Text>
                )}
                {step.text.map((p) => (
                  <Text key={p}>{p}</Text>
                ))}
                <StepExtras guide={guide} step={step} />
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
    </Stack>
  );
}
