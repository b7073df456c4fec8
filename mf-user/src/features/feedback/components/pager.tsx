import { Button, HStack, Text } from '@chakra-ui/react';
import { PAGE_SIZES } from '@portal/contracts';
import { feedbackLabels } from '../feedback-labels';
import type { PageSize } from '../lib/paging';

const t = feedbackLabels.pager;
const SIZES: PageSize[] = [...PAGE_SIZES, 'all'];

export interface PagerProps {
  total: number;
  /** 0-based. */
  page: number;
  pages: number;
  size: PageSize;
  onPage: (page: number) => void;
  onSize: (size: PageSize) => void;
}

/** Count, page size (5/20/50/100/全部 as toggle buttons), previous and next page; wraps on a phone. */
export function Pager({ total, page, pages, size, onPage, onSize }: PagerProps) {
  return (
    <HStack as="nav" aria-label={t.label} justify="space-between" flexWrap="wrap" gap="3" fontSize="sm">
      <HStack gap="1.5" flexWrap="wrap" role="group" aria-label={t.pageSize}>
        <Text>{t.total(total)}</Text>
        <Text color="fg.muted" aria-hidden ms="1">
          {t.pageSize}
        </Text>
        {SIZES.map((option) => (
          <Button
            key={option}
            size="xs"
            variant={size === option ? 'solid' : 'outline'}
            colorPalette={size === option ? 'brand' : 'gray'}
            aria-pressed={size === option}
            onClick={() => onSize(option)}
          >
            {option === 'all' ? t.all : option}
          </Button>
        ))}
      </HStack>
      <HStack gap="2">
        <Button size="xs" variant="outline" onClick={() => onPage(page - 1)} disabled={page <= 0}>
          {t.previous}
        </Button>
        <Text aria-live="polite" whiteSpace="nowrap">
          {t.pageOf(page + 1, pages)}
        </Text>
        <Button size="xs" variant="outline" onClick={() => onPage(page + 1)} disabled={page >= pages - 1}>
          {t.next}
        </Button>
      </HStack>
    </HStack>
  );
}
