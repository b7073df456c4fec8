import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import type { PayMode } from '@portal/contracts';
import { shopLabels } from '@portal/contracts/shop-labels';

export interface PayModePickerProps {
  modes: readonly PayMode[];
  value: PayMode;
  onChange: (mode: PayMode) => void;
  disabled?: boolean;
}

/**
 * The payment methods as native radio buttons in a fieldset: arrow keys, the accessible group
 * name (支付方式) and each method's name come with the platform, without another Chakra recipe
 * on every first page.
 */
export function PayModePicker({ modes, value, onChange, disabled = false }: PayModePickerProps) {
  return (
    <Box asChild border="0" p="0" m="0" minW="0">
      <fieldset disabled={disabled} data-testid="pay-modes">
        <Text as="legend" fontWeight="medium" mb="2">
          {shopLabels.confirm.payMode}
        </Text>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="2" flexWrap="wrap">
          {modes.map((mode) => (
            <HStack
              as="label"
              key={mode}
              gap="2"
              px="3"
              py="2"
              borderWidth="1px"
              borderRadius="l2"
              cursor="pointer"
              borderColor={value === mode ? 'brand.solid' : 'border'}
              bg={value === mode ? 'brand.subtle' : 'bg'}
              _focusWithin={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '1px' }}
            >
              <input
                type="radio"
                name="pay_mode"
                value={mode}
                checked={value === mode}
                onChange={() => onChange(mode)}
                style={{ accentColor: 'var(--chakra-colors-brand-solid)' }}
              />
              <Text as="span">{shopLabels.payModes[mode]}</Text>
            </HStack>
          ))}
        </Stack>
      </fieldset>
    </Box>
  );
}
