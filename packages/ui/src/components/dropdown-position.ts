/** Where a dropdown panel goes: fixed coordinates that keep it inside the viewport. */
export interface DropdownPlacementInput {
  /** The trigger's bounding box in viewport coordinates. */
  trigger: { top: number; bottom: number; left: number; right: number };
  viewport: { width: number; height: number };
  /** Preferred panel width in px. */
  width: number;
  /** 'end' lines the panel's right edge up with the trigger's, 'start' its left edge. */
  align: 'start' | 'end';
  /** Space between trigger and panel, and the smallest distance to the viewport's edges. */
  gap?: number;
  margin?: number;
}

export interface DropdownPlacement {
  /** Exactly one of top (opens downwards) and bottom (opens upwards, distance from the viewport's bottom). */
  top?: number;
  bottom?: number;
  left: number;
  width: number;
  maxHeight: number;
}

const MIN_HEIGHT = 120;
/** Below this much room under the trigger (px), a panel with more room above opens upwards. */
const FLIP_BELOW = 240;

export function dropdownPlacement({
  trigger,
  viewport,
  width,
  align,
  gap = 8,
  margin = 8,
}: DropdownPlacementInput): DropdownPlacement {
  const panelWidth = Math.max(0, Math.min(width, viewport.width - 2 * margin));
  const preferredLeft = align === 'end' ? trigger.right - panelWidth : trigger.left;
  const left = Math.min(Math.max(preferredLeft, margin), viewport.width - margin - panelWidth);
  const top = trigger.bottom + gap;
  const below = viewport.height - top - margin;
  const above = trigger.top - gap - margin;
  // Opens upwards only when the room below is cramped and there is more above (a menu low on a phone).
  if (below < FLIP_BELOW && above > below) {
    return {
      bottom: viewport.height - trigger.top + gap,
      left,
      width: panelWidth,
      maxHeight: Math.max(MIN_HEIGHT, above),
    };
  }
  return { top, left, width: panelWidth, maxHeight: Math.max(MIN_HEIGHT, below) };
}
