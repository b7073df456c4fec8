import type { ReactNode } from 'react';
import { Badge, Box, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import type { Combo } from '@portal/contracts';
import { shopLabels } from '@portal/contracts/shop-labels';
import { formatYuan } from '@portal/platform';
import { comboFigures, formatFigure } from '../lib/combo-figures';

const t = shopLabels.shop;

export interface ComboCardProps {
  combo: Combo;
  onBuy: (combo: Combo) => void;
  /** This product's order is being created. */
  busy?: boolean;
  /** Another product's order is being created. */
  disabled?: boolean;
}

/**
 * One product: a volume part when it has traffic, a time part when it has days (a product may
 * carry both, spec-2 §2), its bonus, devices, speed and the permissions it grants, and a buy
 * button named after the product. One card per product, so each buy button is unambiguous.
 */
export function ComboCard({ combo, onBuy, busy = false, disabled = false }: ComboCardProps) {
  const { volume, time, bonusPercent } = comboFigures(combo);
  const permissions = combo.permissionsDesc || combo.permissionsGain.join('、');
  return (
    <Card.Root data-testid="combo-card" data-combo-id={combo._id} size="sm" height="full">
      <Card.Header gap="2">
        <Card.Title wordBreak="break-word">{combo.name}</Card.Title>
        <HStack gap="1" flexWrap="wrap">
          {volume && <Badge colorPalette="blue">{t.volume}</Badge>}
          {time && <Badge colorPalette="purple">{t.time}</Badge>}
          {bonusPercent > 0 && (
            <Badge colorPalette="red" variant="solid">
              {t.bonus(bonusPercent)}
            </Badge>
          )}
        </HStack>
        <Text fontSize="2xl" fontWeight="bold" color="brand.fg" data-testid="combo-price">
          ¥{formatYuan(combo.price)}
        </Text>
      </Card.Header>
      <Card.Body gap="3" fontSize="sm">
        {volume && (
          <Part testId="combo-volume" title={t.volume}>
            <Text fontWeight="semibold">{t.volumeAmount(formatFigure(volume.baseGB))}</Text>
            {volume.bonusGB > 0 && <Text color="red.600">{t.bonusTraffic(formatFigure(volume.bonusGB))}</Text>}
            <Text color="fg.muted">{t.volumeNote}</Text>
          </Part>
        )}
        {time && (
          <Part testId="combo-time" title={t.time}>
            <Text fontWeight="semibold">{t.days(formatFigure(time.days))}</Text>
            {time.bonusDays > 0 && <Text color="red.600">{t.bonusDays(formatFigure(time.bonusDays))}</Text>}
            <Text>{t.dailyLimit(formatFigure(time.limitGB))}</Text>
            <Text color="fg.muted">{t.timeTotal(formatFigure(time.totalGB))}</Text>
          </Part>
        )}
        {(combo.deviceNum > 0 || combo.speed) && (
          <HStack gap="3" color="fg.muted" flexWrap="wrap">
            {combo.deviceNum > 0 && <Text>{t.devices(combo.deviceNum)}</Text>}
            {combo.speed && <Text>{t.speed(combo.speed)}</Text>}
          </HStack>
        )}
        {permissions && (
          <Text data-testid="combo-permissions">
            <Text as="span" fontWeight="semibold">
              {t.permissions}：
            </Text>
            {permissions}
            {combo.permissionDuration > 0 && `（${t.permissionDays(combo.permissionDuration)}）`}
          </Text>
        )}
      </Card.Body>
      <Card.Footer>
        <Button
          colorPalette="brand"
          width="full"
          aria-label={t.buy(combo.name)}
          loading={busy}
          loadingText={t.creating}
          disabled={disabled && !busy}
          onClick={() => onBuy(combo)}
        >
          {t.buyText}
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}

function Part({ testId, title, children }: { testId: string; title: string; children: ReactNode }) {
  return (
    <Box borderWidth="1px" borderRadius="l2" p="3" bg="bg.subtle" data-testid={testId} aria-label={title} role="group">
      <Stack gap="1">{children}</Stack>
    </Box>
  );
}
