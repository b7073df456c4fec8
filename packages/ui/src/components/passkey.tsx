import { useState } from 'react';
import { Button, Stack, Text } from '@chakra-ui/react';
import { Codes, type PasskeyOptions } from '@portal/contracts';
import { passkeyMessages as pk } from '@portal/contracts/second-factor';
import type { CallResult } from '@portal/platform';

/**
 * Passkeys in the browser (issue 25, docs/second-factor.md): the server's options go to
 * `navigator.credentials` through @simplewebauthn/browser, loaded only when a passkey is used (the
 * first page never carries it), and the answer goes back to the server. Entry
 * `@portal/ui/passkey`.
 */

export type PasskeyCeremony = 'register' | 'authenticate';

/** The browser's answer to the options, or the reason there is none (cancelled, unsupported…). */
export async function browserPasskey(
  kind: PasskeyCeremony,
  optionsJSON: Record<string, unknown>,
): Promise<{ response: Record<string, unknown> } | { error: string }> {
  // A chunk that could not load (offline, a new deployment) is a failure like any other.
  const webauthn = await import('@simplewebauthn/browser').catch(() => undefined);
  if (webauthn === undefined) return { error: pk.passkeyFailed };
  if (!webauthn.browserSupportsWebAuthn()) return { error: pk.passkeyUnsupported };
  try {
    const response =
      kind === 'register'
        ? await webauthn.startRegistration({ optionsJSON: optionsJSON as never })
        : await webauthn.startAuthentication({ optionsJSON: optionsJSON as never });
    return { response: response as unknown as Record<string, unknown> };
  } catch (error) {
    const names = [error, error instanceof Error ? error.cause : undefined].map((e) =>
      e instanceof Error ? e.name : '',
    );
    const cancelled = names.some((n) => n === 'NotAllowedError' || n === 'AbortError');
    return { error: cancelled ? pk.passkeyCancelled : pk.passkeyFailed };
  }
}

/**
 * One passkey ceremony: options from the server, the browser's answer, the answer to the server.
 * A failure in the browser comes back as code -1 with its reason (status 0).
 */
export async function passkeyCeremony<T>(
  kind: PasskeyCeremony,
  options: () => Promise<CallResult<PasskeyOptions>>,
  send: (response: Record<string, unknown>) => Promise<CallResult<T>>,
): Promise<CallResult<T> | CallResult<undefined>> {
  const opened = await options();
  if (opened.code !== Codes.OK) return { ...opened, data: undefined };
  const answer = await browserPasskey(kind, opened.data.optionsJSON);
  if ('error' in answer) return { status: 0, code: -1, data: undefined, msg: answer.error };
  return send(answer.response);
}

export interface PasskeyButtonProps {
  /** The server's options for this ceremony. */
  options: () => Promise<CallResult<PasskeyOptions>>;
  /** Sends the browser's answer. */
  send: (response: Record<string, unknown>) => Promise<CallResult<unknown>>;
  onDone: () => void | Promise<void>;
  /** A refusal the caller handles itself (a ticket that expired): true when it did. */
  onRefused?: (result: CallResult<unknown>) => boolean;
  label?: string;
  disabled?: boolean;
}

/** 使用通行密钥: runs an authentication and shows what went wrong under the button. */
export function PasskeyButton({
  options,
  send,
  onDone,
  onRefused,
  label = pk.usePasskey,
  disabled,
}: PasskeyButtonProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  async function run() {
    if (busy) return;
    setBusy(true);
    setError(undefined);
    const result = await passkeyCeremony('authenticate', options, send);
    if (result.code === Codes.OK) {
      await onDone();
      return;
    }
    setBusy(false);
    if (onRefused?.(result) === true || result.status === 502) return;
    setError(result.msg || pk.passkeyFailed);
  }
  return (
    <Stack gap="2" data-testid="passkey-button">
      <Button
        type="button"
        variant="outline"
        width="full"
        loading={busy}
        loadingText={pk.passkeyWaiting}
        disabled={disabled}
        onClick={() => void run()}
      >
        {label}
      </Button>
      {error !== undefined && (
        <Text color="fg.error" fontSize="sm" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
