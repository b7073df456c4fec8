import { Box, Image, Link, Stack, Text } from '@chakra-ui/react';
import type { FeedbackTicketDetail, TicketSide } from '@portal/contracts';
import { formatDateTime } from '@portal/platform';
import { feedbackLabels } from '../feedback-labels';

const t = feedbackLabels.detail;

interface Message {
  side: TicketSide;
  text: string;
  imageUrl: string;
  time: string;
}

/** The ticket's own text first (the user's), then its comments, oldest first. */
function messagesOf(ticket: FeedbackTicketDetail): Message[] {
  return [
    { side: 'USER', text: ticket.desc, imageUrl: ticket.imageUrl, time: ticket.createTime },
    ...ticket.comments.map((c) => ({ side: c.type, text: c.text, imageUrl: c.imageUrl, time: c.updateTime })),
  ];
}

/**
 * The comment thread: who wrote each message (the viewer's own side reads 我), when, the text
 * (user text, rendered as text with its line breaks) and the image, which opens full size.
 */
export function TicketThread({ ticket, isAdmin }: { ticket: FeedbackTicketDetail; isAdmin: boolean }) {
  const mySide: TicketSide = isAdmin ? 'ADMIN' : 'USER';
  return (
    <Stack as="ol" gap="3" listStyleType="none" data-testid="ticket-thread">
      {messagesOf(ticket).map((message, index) => {
        const mine = message.side === mySide;
        const who = mine ? t.me : t.sides[message.side];
        return (
          <Box
            as="li"
            key={`${message.time}-${index}`}
            data-testid="ticket-message"
            data-side={message.side}
            alignSelf={mine ? 'flex-end' : 'flex-start'}
            maxW={{ base: '92%', md: '80%' }}
            minW="0"
            bg={message.side === 'ADMIN' ? 'brand.subtle' : 'bg.muted'}
            borderRadius="l2"
            px="3"
            py="2"
          >
            <Text fontSize="xs" color="fg.muted" mb="1">
              <Text as="span" fontWeight="semibold" color="fg" data-testid="ticket-message-side">
                {who}
              </Text>{' '}
              {formatDateTime(message.time)}
            </Text>
            <Text whiteSpace="pre-wrap" wordBreak="break-word" data-testid="ticket-message-text">
              {message.text}
            </Text>
            {message.imageUrl && (
              <Link
                href={message.imageUrl}
                target="_blank"
                rel="noopener noreferrer"
                display="block"
                mt="2"
                title={t.openImage}
              >
                <Image
                  src={message.imageUrl}
                  alt={t.image(who)}
                  maxH="60"
                  maxW="full"
                  borderRadius="md"
                  borderWidth="1px"
                  data-testid="ticket-message-image"
                />
              </Link>
            )}
          </Box>
        );
      })}
    </Stack>
  );
}
