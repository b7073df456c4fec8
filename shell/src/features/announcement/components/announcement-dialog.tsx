import { useRef, type ReactNode } from 'react';
import { Badge, Box, Button, Heading, Link, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { Dialog } from '@chakra-ui/react/dialog';
import { Link as RouterLink } from 'react-router';
import { frameMessages, type AnnouncementConfig } from '@portal/contracts';
import { EmptyState } from '@portal/ui';
import { CloseIcon } from '../../../components/icons';
import type { AnnouncementState } from '../hooks/use-announcement';
import { hasAnnouncementText, safeHttpUrl } from '../lib/announcement-schedule';

export interface AnnouncementDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  state: AnnouncementState;
  onRetry: () => void;
}

const t = frameMessages.announcement;

/** The 'latest announcement' dialog (spec-1 §2). Loaded on demand, outside the first page. */
export function AnnouncementDialog({ open, onOpenChange, state, onRetry }: AnnouncementDialogProps) {
  const notice = state.status === 'ready' && hasAnnouncementText(state.notice) ? state.notice : null;
  // Focus starts on the acknowledge button rather than on the first link of the text.
  const acknowledgeRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root
      initialFocusEl={() => acknowledgeRef.current}
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      lazyMount
      unmountOnExit
      placement="center"
      scrollBehavior="inside"
      size="md"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header alignItems="center" pe="12">
              <Dialog.Title>{t.title}</Dialog.Title>
              {notice?.notice_mark_red && (
                <Badge colorPalette="red" variant="solid" data-testid="announcement-important">
                  {t.important}
                </Badge>
              )}
            </Dialog.Header>
            <Dialog.Body>
              {state.status === 'loading' ? (
                <Stack role="status" align="center" py="8" gap="2" color="fg.muted">
                  <Spinner size="sm" />
                  <Text>{frameMessages.loading}</Text>
                </Stack>
              ) : state.status === 'error' ? (
                <Stack role="alert" align="center" py="6" gap="3">
                  <Text color="fg.muted">{t.loadFailed}</Text>
                  <Button size="sm" variant="outline" onClick={onRetry}>
                    {frameMessages.retry}
                  </Button>
                </Stack>
              ) : notice ? (
                <AnnouncementBody notice={notice} onFollowFeedback={() => onOpenChange(false)} />
              ) : (
                <EmptyState />
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button ref={acknowledgeRef} colorPalette="brand">
                  {t.close}
                </Button>
              </Dialog.ActionTrigger>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <Button variant="ghost" size="sm" aria-label={frameMessages.close}>
                <CloseIcon size={18} />
              </Button>
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      colorPalette="brand"
      color="colorPalette.fg"
      wordBreak="break-all"
    >
      {children}
    </Link>
  );
}

/** The announcement itself: its text is shown as text (line breaks kept), never as HTML. */
function AnnouncementBody({ notice, onFollowFeedback }: { notice: AnnouncementConfig; onFollowFeedback: () => void }) {
  const entry = safeHttpUrl(notice.entry_url);
  const chat = safeHttpUrl(notice.chat_group_url);
  return (
    <Stack gap="4" fontSize="sm">
      {notice.notice_title.trim() && (
        <Heading
          as="h3"
          size="md"
          color={notice.notice_mark_red ? 'fg.error' : undefined}
          data-testid="announcement-title"
        >
          {notice.notice_title}
        </Heading>
      )}
      {notice.notice_content.trim() && (
        <Text whiteSpace="pre-wrap" wordBreak="break-word" lineHeight="tall" data-testid="announcement-content">
          {notice.notice_content}
        </Text>
      )}
      <Stack gap="2" p="3" borderRadius="l2" bg="bg.muted" color="fg.muted">
        {notice.entry_url.trim() && (
          <Text>
            {t.entryReminder}
            {entry ? (
              <ExternalLink href={entry}>{notice.entry_url}</ExternalLink>
            ) : (
              <Box as="span" color="fg">
                {notice.entry_url}
              </Box>
            )}
          </Text>
        )}
        {notice.contact.trim() && (
          <Text wordBreak="break-word">
            {t.contact}
            <Box as="span" color="fg" userSelect="all">
              {notice.contact}
            </Box>
          </Text>
        )}
        {chat && (
          <Text>
            <ExternalLink href={chat}>{t.chatGroup}</ExternalLink>
          </Text>
        )}
        <Text>
          {t.feedbackPrefix}
          <Link asChild colorPalette="brand" color="colorPalette.fg" fontWeight="medium">
            <RouterLink to="/feedback" onClick={onFollowFeedback}>
              {t.feedbackLink}
            </RouterLink>
          </Link>
          {t.feedbackSuffix}
        </Text>
      </Stack>
    </Stack>
  );
}
