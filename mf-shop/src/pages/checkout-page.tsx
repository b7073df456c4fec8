import { HStack, Stack, Text } from '@chakra-ui/react';
import { shopLabels } from '@portal/contracts/shop-labels';
import { SamplePage } from '../features/samples/components/sample-page';
import { sampleCheckout } from '../features/samples/sample-data';

/** /checkout: hard-coded sample data, a placeholder (spec-2 "Order list"). */
export default function CheckoutPage() {
  return (
    <SamplePage title={shopLabels.samples.checkoutTitle}>
      <Stack gap="2" fontSize="sm">
        {sampleCheckout.items.map((item) => (
          <HStack key={item.name} justify="space-between" gap="3">
            <Text minW="0">
              {item.name} × {item.quantity}
            </Text>
            <Text flexShrink={0}>{item.price}</Text>
          </HStack>
        ))}
        <HStack justify="space-between" borderTopWidth="1px" pt="2" fontWeight="semibold">
          <Text>合计</Text>
          <Text data-testid="sample-total">{sampleCheckout.total}</Text>
        </HStack>
      </Stack>
    </SamplePage>
  );
}
