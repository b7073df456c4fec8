import { Box, Button, Card, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { messages, toastMs, tutorialMessages } from '@portal/contracts';
import { copyText, notify } from '@portal/platform';
import { windowsErrors, windowsErrorsFooter, windowsErrorsIntro } from '../features/help/lib/windows-errors';

async function copy(url: string) {
  const copied = await copyText(url);
  notify({
    kind: copied ? 'success' : 'error',
    title: copied ? messages.subscription.copied : messages.subscription.copyFailed,
    durationMs: toastMs.short,
  });
}

/** /windows_errors: the troubleshooting page of spec-2, eight items. */
export default function WindowsErrorsPage() {
  return (
    <Stack as="article" gap="5" maxW="3xl" mx="auto" px={{ base: '3', md: '4' }} py="6">
      <Heading as="h1" size="2xl">
        常见问题
      </Heading>
      <Text>{windowsErrorsIntro}</Text>
      <Stack as="ol" gap="3" listStyleType="none" p="0" m="0" aria-label="常见问题列表">
        {windowsErrors.map((item, i) => (
          <Box as="li" key={item.title} data-item={i + 1}>
            <Card.Root variant="outline">
              <Card.Body gap="2">
                <Heading as="h2" size="md">
                  {i + 1}. {item.title}
                </Heading>
                {item.text.map((p) => (
                  <Text key={p}>{p}</Text>
                ))}
                {item.urls?.map(({ label, url }) => (
                  <HStack key={label} gap="2" wrap="wrap">
                    <Text fontSize="sm">
                      {label}：<code>{url}</code>
                    </Text>
                    <Button size="xs" variant="outline" aria-label={`复制${label}`} onClick={() => void copy(url)}>
                      复制
                    </Button>
                  </HStack>
                ))}
                {item.link && (
                  <Text>
                    <Link href={item.link.href} color="fg.info" textDecoration="underline">
                      {item.link.text}
                    </Link>
                  </Text>
                )}
              </Card.Body>
            </Card.Root>
          </Box>
        ))}
      </Stack>
      <Text>
        {windowsErrorsFooter}{' '}
        <Link href="/#/feedback" color="fg.info" textDecoration="underline">
          {tutorialMessages.feedbackLink}
        </Link>
      </Text>
    </Stack>
  );
}
