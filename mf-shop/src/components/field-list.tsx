import { Box, Text } from '@chakra-ui/react';

/** Label / value pairs as a description list, labels in a column of their own. */
export function FieldList({ rows }: { rows: readonly (readonly [string, string])[] }) {
  return (
    <Box as="dl" display="grid" gridTemplateColumns="auto 1fr" columnGap="4" rowGap="2" fontSize="sm">
      {rows.map(([label, value]) => (
        <Box key={label} display="contents">
          <Text as="dt" color="fg.muted" whiteSpace="nowrap">
            {label}
          </Text>
          <Text as="dd" wordBreak="break-all" data-field={label}>
            {value}
          </Text>
        </Box>
      ))}
    </Box>
  );
}
