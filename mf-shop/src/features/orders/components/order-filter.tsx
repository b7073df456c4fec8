import { Button, HStack } from '@chakra-ui/react';
import { shopLabels } from '@portal/contracts/shop-labels';
import { orderFilters, type OrderFilter as Filter } from '../lib/order-status';

/** 全部 / 未支付 / 已支付 as toggle buttons (aria-pressed). */
export function OrderFilter({ value, onChange }: { value: Filter; onChange: (filter: Filter) => void }) {
  return (
    <HStack gap="2" role="group" aria-label={shopLabels.orders.filter} flexWrap="wrap">
      {orderFilters.map((filter) => (
        <Button
          key={filter}
          size="sm"
          variant={value === filter ? 'solid' : 'outline'}
          colorPalette={value === filter ? 'brand' : 'gray'}
          aria-pressed={value === filter}
          onClick={() => onChange(filter)}
        >
          {shopLabels.orders.filters[filter]}
        </Button>
      ))}
    </HStack>
  );
}
