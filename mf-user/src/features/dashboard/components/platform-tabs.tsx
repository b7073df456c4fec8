import { useRef, type KeyboardEvent } from 'react';
import { Button, HStack } from '@chakra-ui/react';
import type { Platform } from '@portal/platform';
import { platformLabels, platformOrder } from '../../subscription/lib/clients';

export const platformTabId = (platform: Platform) => `platform-tab-${platform}`;
export const platformPanelId = (platform: Platform) => `platform-panel-${platform}`;

/**
 * The four platform tabs (WAI-ARIA tabs: arrows, Home and End move and select). A plain tablist
 * instead of Chakra's Tabs keeps another state machine out of the first page.
 */
export function PlatformTabs({ value, onChange }: { value: Platform; onChange: (platform: Platform) => void }) {
  const buttons = useRef<Partial<Record<Platform, HTMLButtonElement | null>>>({});

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = platformOrder.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const platform = platformOrder[next]!;
    onChange(platform);
    buttons.current[platform]?.focus();
  }

  return (
    <HStack role="tablist" aria-label="平台" gap="1" p="1" bg="bg.muted" borderRadius="l2">
      {platformOrder.map((platform, index) => {
        const selected = platform === value;
        return (
          <Button
            key={platform}
            ref={(element) => {
              buttons.current[platform] = element;
            }}
            role="tab"
            id={platformTabId(platform)}
            aria-selected={selected}
            aria-controls={platformPanelId(platform)}
            tabIndex={selected ? 0 : -1}
            flex="1"
            minW="0"
            px="1"
            size="sm"
            variant={selected ? 'surface' : 'ghost'}
            colorPalette={selected ? 'brand' : 'gray'}
            onClick={() => onChange(platform)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {platformLabels[platform]}
          </Button>
        );
      })}
    </HStack>
  );
}
