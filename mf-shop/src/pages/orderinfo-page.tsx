import { Box, Text } from '@chakra-ui/react';
import { shopLabels } from '@portal/contracts/shop-labels';
import { SamplePage } from '../features/samples/components/sample-page';
import { sampleOrderInfo } from '../features/samples/sample-data';

/** /orderinfo: hard-coded sample data, a placeholder (spec-2 "Order list"). */
export default function OrderinfoPage() {
  return (
    <SamplePage title={shopLabels.samples.orderinfoTitle}>
      <Box as="dl" display="grid" gridTemplateColumns="auto 1fr" columnGap="4" rowGap="2" fontSize="sm">
        {sampleOrderInfo.map(([label, value]) => (
          <Box key={label} display="contents">
            <Text as="dt" color="fg.muted">
              {label}
            </Text>
            <Text as="dd" wordBreak="break-all">
              {value}
            </Text>
          </Box>
        ))}
      </Box>
    </SamplePage>
  );
}
