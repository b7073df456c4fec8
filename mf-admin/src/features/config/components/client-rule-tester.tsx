import { useState } from 'react';
import { Box, Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { Codes, type ClientRule, type ClientRuleMatch } from '@portal/contracts';
import { testClientRule } from '../api/test-client-rule';
import { configLabels as t } from '../labels';

export interface ClientRuleTesterProps {
  /** The rules as they stand on the screen (unsaved edits included); undefined: the saved ones. */
  rules: () => ClientRule[] | undefined;
}

/**
 * The universal link's rule tester (issue 27): type a client's User-Agent, see which rule of the
 * table it meets and what it gets, before saving.
 */
export function ClientRuleTester({ rules }: ClientRuleTesterProps) {
  const [userAgent, setUserAgent] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ClientRuleMatch | string | null>(null);

  async function run() {
    setBusy(true);
    const answer = await testClientRule(userAgent, rules());
    setBusy(false);
    if (answer.status === 502) return;
    setResult(answer.code === Codes.OK ? answer.data : answer.msg || t.testerFailed);
  }

  return (
    <Stack gap="2" borderWidth="1px" borderRadius="l2" p="3" data-testid="client-rule-tester">
      <Field.Root>
        <Field.Label>{t.testerLabel}</Field.Label>
        <HStack gap="2" w="full" flexWrap="wrap">
          <Box flex="1" minW="12rem">
            <Input
              value={userAgent}
              onChange={(event) => setUserAgent(event.target.value)}
              placeholder="clash-verge/v1.7.7"
              fontFamily="mono"
              size="sm"
              onKeyDown={(event) => {
                if (event.key !== 'Enter') return;
                // Inside the settings form: Enter tests, it does not save the settings.
                event.preventDefault();
                void run();
              }}
            />
          </Box>
          <Button size="sm" variant="outline" loading={busy} onClick={() => void run()}>
            {t.testerRun}
          </Button>
        </HStack>
        <Field.HelperText>{t.testerHelp}</Field.HelperText>
      </Field.Root>
      {result !== null && (
        <Text
          fontSize="sm"
          role="status"
          data-testid="client-rule-result"
          color={typeof result === 'string' ? 'fg.error' : undefined}
        >
          {typeof result === 'string' ? result : t.testerResult(result)}
        </Text>
      )}
    </Stack>
  );
}
