import { Box, Button, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { useNavigate } from 'react-router';
import { frameMessages, type Notice } from '@portal/contracts';
import { Dropdown, EmptyState } from '@portal/ui';
import { BellIcon } from '../../../components/icons';
import type { NoticesApi } from '../hooks/use-notices';
import { noticeTarget } from '../lib/notice-target';

export interface NoticeDropdownProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  notices: NoticesApi;
}

function hrefOf(notice: Notice): string | undefined {
  const target = noticeTarget(notice.href, location.origin);
  if (target.kind === 'route') return `#${target.path}`;
  if (target.kind === 'external') return target.url;
  return undefined;
}

/** The notification bell: a red dot while unread notices exist, and their list in a dropdown. */
export function NoticeDropdown({ open, onOpenChange, notices }: NoticeDropdownProps) {
  const navigate = useNavigate();
  const count = notices.notices.length;

  // Clicking a notice marks it read, drops it from the list and follows its link.
  const follow = async (notice: Notice) => {
    onOpenChange(false);
    const target = noticeTarget(notice.href, location.origin);
    if (target.kind === 'external') {
      // Leaving the page could cancel the request, so the mark goes first.
      await notices.markClicked(notice);
      window.location.assign(target.url);
      return;
    }
    void notices.markClicked(notice);
    if (target.kind === 'route') navigate(target.path);
  };

  return (
    <Dropdown
      open={open}
      onOpenChange={onOpenChange}
      label={frameMessages.notices}
      width={340}
      triggerProps={{
        'aria-label': count > 0 ? frameMessages.noticesUnread(count) : frameMessages.notices,
        px: '2',
        position: 'relative',
      }}
      trigger={
        <>
          <BellIcon />
          {count > 0 && (
            <Box
              data-testid="notice-dot"
              position="absolute"
              top="1.5"
              right="1.5"
              boxSize="2.5"
              borderRadius="full"
              bg="red.500"
              borderWidth="2px"
              borderColor="bg"
            />
          )}
        </>
      }
    >
      <Text px="4" pt="3" pb="2" fontWeight="semibold" fontSize="sm" borderBottomWidth="1px">
        {frameMessages.notices}
      </Text>
      {notices.status === 'loading' && count === 0 ? (
        <Stack role="status" align="center" py="8" gap="2" color="fg.muted" fontSize="sm">
          <Spinner size="sm" />
          <Text>{frameMessages.loading}</Text>
        </Stack>
      ) : notices.status === 'error' ? (
        <Stack role="alert" align="center" py="6" gap="3" fontSize="sm">
          <Text color="fg.muted">{frameMessages.noticesLoadFailed}</Text>
          <Button size="xs" variant="outline" onClick={notices.reload}>
            {frameMessages.retry}
          </Button>
        </Stack>
      ) : count === 0 ? (
        <EmptyState />
      ) : (
        <Box as="ul" listStyleType="none" m="0" p="0">
          {notices.notices.map((notice) => (
            <Box as="li" key={notice._id} borderBottomWidth="1px" _last={{ borderBottomWidth: '0' }}>
              <Link
                href={hrefOf(notice)}
                role={hrefOf(notice) ? undefined : 'button'}
                tabIndex={0}
                display="block"
                w="full"
                px="4"
                py="3"
                fontSize="sm"
                color="fg"
                textDecoration="none"
                whiteSpace="normal"
                wordBreak="break-word"
                _hover={{ bg: 'bg.muted', textDecoration: 'none' }}
                focusRingOffset="-2px"
                onClick={(event) => {
                  event.preventDefault();
                  void follow(notice);
                }}
                onKeyDown={(event) => {
                  // A link without an address still answers to Enter and Space, like a button.
                  if (!hrefOf(notice) && (event.key === 'Enter' || event.key === ' ')) {
                    event.preventDefault();
                    void follow(notice);
                  }
                }}
              >
                {notice.desc}
              </Link>
            </Box>
          ))}
        </Box>
      )}
    </Dropdown>
  );
}
