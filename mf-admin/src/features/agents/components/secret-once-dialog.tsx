import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { messages } from '@portal/contracts';
import { copyText, notify } from '@portal/platform';
import { DialogFrame } from '@portal/ui/dialog-frame';
import { engineLabels } from '../../../engine/labels';
import { agentLabels as t } from '../labels';

export interface SecretOnceDialogProps {
  /** The node's name. */
  name: string;
  secret: string;
  onClose: () => void;
}

/**
 * The node API secret, just issued: shown this once with a copy button. Only its hash is
 * stored, so the dialog says it cannot be shown again and does not close on a stray click.
 */
export default function SecretOnceDialog({ name, secret, onClose }: SecretOnceDialogProps) {
  async function copy() {
    const copied = await copyText(secret);
    notify(
      copied
        ? { kind: 'success', title: messages.subscription.copied }
        : { kind: 'error', title: messages.subscription.copyFailed },
    );
  }
  return (
    <DialogFrame
      title={t.secretTitle(name)}
      testId="agent-secret-dialog"
      role="alertdialog"
      size="md"
      onClose={onClose}
      closeOnOutsideClick={false}
      closeLabel={engineLabels.close}
      actions={
        <>
          <Button variant="outline" onClick={() => void copy()}>
            {t.copySecret}
          </Button>
          <Button colorPalette="brand" onClick={onClose}>
            {t.secretSaved}
          </Button>
        </>
      }
    >
      <Stack gap="3">
        <Text fontWeight="semibold" color="fg.warning">
          {t.secretOnce}
        </Text>
        <Box
          as="output"
          display="block"
          fontFamily="mono"
          fontSize="sm"
          p="3"
          borderWidth="1px"
          borderRadius="l2"
          bg="bg.muted"
          wordBreak="break-all"
          data-testid="agent-secret"
        >
          {secret}
        </Box>
        <Text fontSize="sm" color="fg.muted">
          {t.secretUse}
        </Text>
      </Stack>
    </DialogFrame>
  );
}
