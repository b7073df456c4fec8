import { useEffect, useState } from 'react';
import { Button, Card, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import type { TelegramBindLink, UserInfo } from '@portal/contracts';
import { notificationMessages as n } from '@portal/contracts/notifications';
import { useCallData } from '@portal/platform';
import { lazyDialog, showToast } from '@portal/ui';
import { changeNotifySettings, notifySettings, telegramBindLink } from '../api/notify-settings';
import { profileLabels } from '../profile-labels';
import { OptionSwitch } from './option-switch';

const UnbindDialog = lazyDialog(() => import('./unbind-dialog'));
const t = profileLabels.telegram;
/** While a bind link is open, the binding is checked this often. */
const BIND_CHECK_MS = 3000;
const isSettings = (data: unknown) => typeof data === 'object' && data !== null && 'telegramBound' in data;

/**
 * The Telegram binding and the notification choices (spec-2 §2, issue 28): bind through a
 * one-time link to the bot (the card notices the binding by itself), unbind with confirmation,
 * staff choose their topics, and everyone may switch reminder mails off.
 */
export function TelegramCard({ user, onUnbound }: { user: UserInfo; onUnbound: () => Promise<void> }) {
  const { state, retry, update } = useCallData(notifySettings, { valid: isSettings });
  const [confirming, setConfirming] = useState(false);
  const [link, setLink] = useState<TelegramBindLink | null>(null);
  const [busy, setBusy] = useState(false);
  const settings = state.status === 'ready' ? state.data : undefined;
  const bound = settings?.telegramBound ?? user.telegram_bound === true;

  // The bot binds the account in Telegram: look again until it has, or the link has expired.
  useEffect(() => {
    if (link === null || bound) return;
    const timer = setInterval(() => {
      if (Date.now() > new Date(link.expiresAt).getTime()) {
        setLink(null);
        return;
      }
      void notifySettings().then((result) => {
        if (result.code !== 0 || !result.data.telegramBound) return;
        setLink(null);
        update(() => result.data);
        void onUnbound();
      });
    }, BIND_CHECK_MS);
    return () => clearInterval(timer);
  }, [link, bound, update, onUnbound]);

  async function bind() {
    setBusy(true);
    const result = await telegramBindLink();
    setBusy(false);
    if (result.code === 0) setLink(result.data);
    else showToast({ kind: 'error', title: result.msg || n.bindFailed });
  }

  async function save(change: { mail?: boolean; topics?: string[] }, done: string, failed: string) {
    const result = await changeNotifySettings(change);
    if (result.code === 0) {
      update(() => result.data);
      showToast({ kind: 'success', title: done });
    } else showToast({ kind: 'error', title: result.msg || failed });
  }

  const chosen = settings?.staffTopics.filter((topic) => topic.chosen).map((topic) => topic.key) ?? [];
  return (
    <Card.Root size="sm" data-testid="profile-telegram">
      <Card.Body>
        <Stack gap="3">
          <Heading size="md" as="h2">
            {t.title}
          </Heading>
          <HStack justify="space-between" gap="3" flexWrap="wrap">
            <Text wordBreak="break-all" data-testid="profile-telegram-state">
              {bound ? t.bound(settings?.telegramName ?? user.telegram_name ?? '') : t.unbound}
            </Text>
            {bound ? (
              <Button
                size="sm"
                variant="outline"
                onClick={() => setConfirming(true)}
                onPointerEnter={UnbindDialog.preload}
              >
                {t.unbind}
              </Button>
            ) : (
              settings?.telegramEnabled === true &&
              link === null && (
                <Button
                  size="sm"
                  colorPalette="brand"
                  loading={busy}
                  loadingText={n.binding}
                  onClick={() => void bind()}
                >
                  {n.bind}
                </Button>
              )
            )}
          </HStack>
          {!bound && link !== null && (
            <Stack gap="2" data-testid="profile-telegram-link">
              <Text fontSize="sm">{n.bindLink}</Text>
              <Link href={link.url} target="_blank" rel="noreferrer" wordBreak="break-all">
                {link.url}
              </Link>
              <HStack gap="3" flexWrap="wrap">
                <Button asChild size="sm" colorPalette="brand">
                  <a href={link.url} target="_blank" rel="noreferrer">
                    {n.openTelegram}
                  </a>
                </Button>
                <Text fontSize="sm" color="fg.muted" role="status">
                  {n.bindWaiting}
                </Text>
              </HStack>
            </Stack>
          )}
          {state.status === 'loading' && (
            <Text fontSize="sm" color="fg.muted">
              加载中...
            </Text>
          )}
          {state.status === 'error' && (
            <HStack gap="3">
              <Text fontSize="sm" color="fg.error">
                {state.message}
              </Text>
              <Button size="xs" variant="outline" onClick={retry}>
                重试
              </Button>
            </HStack>
          )}
          {settings !== undefined && !settings.telegramEnabled && !bound && (
            <Text fontSize="sm" color="fg.muted">
              {n.telegramOff}
            </Text>
          )}
          {settings !== undefined && (
            <Text fontSize="sm" color="fg.muted">
              {n.telegramNote}
            </Text>
          )}
          {settings !== undefined && bound && settings.staffTopics.length > 0 && (
            <Stack gap="2" as="fieldset" data-testid="profile-telegram-topics">
              <Text as="legend" fontWeight="medium">
                {n.topicsTitle}
              </Text>
              <HStack gap="4" flexWrap="wrap">
                {settings.staffTopics.map((topic) => (
                  <HStack as="label" key={topic.key} gap="2" cursor="pointer">
                    <input
                      type="checkbox"
                      checked={topic.chosen}
                      onChange={(event) =>
                        void save(
                          {
                            topics: event.target.checked
                              ? [...chosen, topic.key]
                              : chosen.filter((k) => k !== topic.key),
                          },
                          n.topicsSaved,
                          n.topicsFailed,
                        )
                      }
                      style={{ accentColor: 'var(--chakra-colors-brand-solid)' }}
                    />
                    <Text fontSize="sm">{topic.label}</Text>
                  </HStack>
                ))}
              </HStack>
            </Stack>
          )}
          {settings !== undefined && (
            <OptionSwitch
              label={n.mailTitle}
              help={n.mailNote}
              checked={settings.mail}
              onChange={(mail) => void save({ mail }, n.mailSaved, n.mailFailed)}
            />
          )}
        </Stack>
      </Card.Body>
      {confirming && (
        <UnbindDialog
          onClose={() => setConfirming(false)}
          onDone={async () => {
            retry();
            await onUnbound();
          }}
        />
      )}
    </Card.Root>
  );
}
