import { useId } from 'react';
import { Box, HStack, Stack, Text } from '@chakra-ui/react';

export interface OptionSwitchProps {
  label: string;
  help: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}

/**
 * One on/off option with its explanation: a native checkbox in the switch role (the portal's
 * system carries no switch recipe; the back office's Switch stays out of the user pages).
 */
export function OptionSwitch({ label, help, checked, onChange, disabled }: OptionSwitchProps) {
  const id = useId();
  return (
    <HStack as="label" align="flex-start" gap="3" cursor={disabled ? 'not-allowed' : 'pointer'}>
      <Box asChild w="5" h="5" mt="0.5" flexShrink={0} cursor="inherit">
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={checked}
          disabled={disabled}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-help`}
          onChange={(event) => onChange(event.target.checked)}
          style={{ accentColor: 'var(--chakra-colors-brand-solid)' }}
        />
      </Box>
      <Stack gap="0.5" minW="0">
        <Text id={`${id}-label`} fontWeight="medium">
          {label}
        </Text>
        <Text id={`${id}-help`} fontSize="sm" color="fg.muted">
          {help}
        </Text>
      </Stack>
    </HStack>
  );
}
