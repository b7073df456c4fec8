import { useId, useMemo } from 'react';
import { Box, Button, Card, Heading, Stack } from '@chakra-ui/react';
import type { AdminConfig, ClientRule } from '@portal/contracts';
import { useSession } from '@portal/platform';
import { adminMessages as m } from '@portal/contracts/admin-messages';
import { FormFields, useSchemaForm } from '../../../engine/components/form-fields';
import { Screen } from '../../../engine/components/screen';
import { outcome, runOutcome } from '../../../engine/outcome';
import { parseRawValues } from '../../../engine/lib/form-values';
import type { AnyField } from '../../../engine/types';
import { setConfig } from '../api/set-config';
import { configLabels as t } from '../labels';
import { settingsForm } from '../lib/settings-form';
import { ClientRuleTester } from './client-rule-tester';
import { holds } from '../../../lib/access';

const save = outcome({
  call: setConfig,
  // A key cleared because its gateway changed is said with the success, so the operator types it again.
  success: (saved: AdminConfig | null) => [m.success.updated, ...(saved?.notices ?? [])].join('；'),
  failure: m.failure.permissionSave,
});
const NO_LOOKUPS = {};
/** The universal link's rule table: its section carries the rule tester. */
const CLIENT_RULES = 'subscription_client_rules';

/** The rule table as the screen holds it now (rows read as a save reads them); undefined when unreadable. */
function editedRules(fields: readonly AnyField[], raw: Record<string, unknown>): ClientRule[] | undefined {
  const field = fields.find((candidate) => candidate.name === CLIENT_RULES);
  if (field === undefined) return undefined;
  const { values, errors } = parseRawValues([field], { [CLIENT_RULES]: raw[CLIENT_RULES] });
  return errors[CLIENT_RULES] === undefined ? (values[CLIENT_RULES] as ClientRule[]) : undefined;
}

export interface ConfigFormProps {
  config: AdminConfig;
  /** Reads the saved settings again (Restore, and after a save, which masks the secrets again). */
  onReload: () => void;
}

/**
 * The settings in one long form generated from their definitions, a section per group, with
 * Save and Restore. The engine's form fields render it, as they render every edit dialog.
 */
export function ConfigForm({ config, onReload }: ConfigFormProps) {
  const formId = useId();
  const { schema, fields, groups } = useMemo(() => settingsForm(config.fields, config.values), [config]);
  const { form, fields: resolved } = useSchemaForm({ schema, fields, initial: config.values, lookups: NO_LOOKUPS });
  const busy = form.formState.isSubmitting;
  // Read-only without settings.edit (issue 25): the BFF refuses the save anyway.
  const userType = useSession((s) => s.user?.type);
  const permissions = useSession((s) => s.user?.staff?.permissions);
  const editable = holds('settings.edit', userType, permissions);
  const submit = form.handleSubmit(async (values) => {
    await runOutcome(save, values, { lookups: NO_LOOKUPS, reload: onReload, show: () => undefined });
  });

  return (
    <Screen
      title={t.title}
      testId="config"
      toolbar={
        editable && (
          <>
            <Button size="sm" variant="outline" onClick={onReload} disabled={busy} title={t.restoreHelp}>
              {t.restore}
            </Button>
            <Button size="sm" colorPalette="brand" type="submit" form={formId} loading={busy}>
              {t.save}
            </Button>
          </>
        )
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)}>
        <Box asChild border="0" p="0" m="0" minW="0">
          <fieldset disabled={!editable}>
            <Stack gap="4">
              {groups.map((group) => (
                <Card.Root key={group.name} size="sm">
                  <Card.Header>
                    <Heading as="h2" size="md">
                      {group.name}
                    </Heading>
                  </Card.Header>
                  <Card.Body>
                    <FormFields
                      form={form}
                      fields={resolved.filter((field) => group.fields.some((f) => f.name === field.name)) as AnyField[]}
                      schema={schema}
                      lookups={NO_LOOKUPS}
                    />
                    {group.fields.some((field) => field.name === CLIENT_RULES) && (
                      <Box mt="4">
                        <ClientRuleTester rules={() => editedRules(resolved, form.getValues())} />
                      </Box>
                    )}
                  </Card.Body>
                </Card.Root>
              ))}
            </Stack>
          </fieldset>
        </Box>
      </form>
    </Screen>
  );
}
