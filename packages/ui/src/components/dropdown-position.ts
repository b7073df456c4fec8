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
  top: number;
  left: number;
  width: number;
  maxHeight: number;
}

const MIN_HEIGHT = 120;

export function dropdownPlacement({ trigger, viewport, width, align, gap = 8, margin = 8 }: DropdownPlacementInput): DropdownPlacement {
  const panelWidth = Math.max(0, Math.min(width, viewport.width - 2 * margin));
  const preferredLeft = align === 'end' ? trigger.right - panelWidth : trigger.left;
  const left = Math.min(Math.max(preferredLeft, margin), viewport.width - margin - panelWidth);
  const top = trigger.bottom + gap;
  return { top, left, width: panelWidth, maxHeight: Math.max(MIN_HEIGHT, viewport.height - top - margin) };
}
