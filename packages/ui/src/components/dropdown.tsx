import { useEffect, useId, useLayoutEffect, useRef, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Box, Button, type ButtonProps } from '@chakra-ui/react';
import { dropdownPlacement } from './dropdown-position.js';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface DropdownProps {
  /** Controlled: the owner decides, so that several dropdowns can exclude each other. */
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Accessible name of the panel. */
  label: string;
  /** Content of the trigger button. */
  trigger: ReactNode;
  /** Props of the trigger button (aria-label, variant, size…). */
  triggerProps?: Omit<ButtonProps, 'onClick' | 'onKeyDown' | 'children'>;
  /** 'end' lines the panel's right edge up with the trigger's. */
  align?: 'start' | 'end';
  /** Preferred panel width in px; on a phone the panel never exceeds the viewport minus 8 px a side. */
  width?: number;
  children: ReactNode;
}

function focusables(panel: HTMLElement): HTMLElement[] {
  return Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE));
}

/**
 * A button that opens a panel below it (the disclosure pattern): it closes on any click
 * elsewhere in the document, on Escape (focus returns to the button) and when focus leaves it.
 * Arrow keys, Home and End move between the panel's links and buttons. The panel is placed with
 * fixed coordinates inside the viewport, so it works at 375 px wide without scrolling the page.
 *
 * It is deliberately light: Chakra's Menu and Popover bring a state machine and a positioning
 * engine (about 25 kB gzip) into the first page, which every visitor loads for the header.
 */
export function Dropdown({
  open,
  onOpenChange,
  label,
  trigger,
  triggerProps,
  align = 'end',
  width = 320,
  children,
}: DropdownProps) {
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  // Opened from the keyboard, focus goes to the first item; opened by pointer, to the panel itself
  // (so no focus ring appears on an item the user did not pick).
  const openedByKeyboard = useRef(false);

  // Place the panel before the first paint, and again whenever the page moves under it.
  useLayoutEffect(() => {
    if (!open) return;
    const place = () => {
      const button = triggerRef.current;
      const panel = panelRef.current;
      if (!button || !panel) return;
      const p = dropdownPlacement({
        trigger: button.getBoundingClientRect(),
        viewport: { width: document.documentElement.clientWidth, height: window.innerHeight },
        width,
        align,
      });
      panel.style.top = p.top === undefined ? '' : `${p.top}px`;
      panel.style.bottom = p.bottom === undefined ? '' : `${p.bottom}px`;
      panel.style.left = `${p.left}px`;
      panel.style.width = `${p.width}px`;
      panel.style.maxHeight = `${p.maxHeight}px`;
    };
    place();
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, { capture: true, passive: true });
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, { capture: true });
    };
  }, [open, width, align]);

  // Opening moves focus into the panel, like a popover.
  useEffect(() => {
    if (!open) return;
    const panel = panelRef.current;
    if (!panel) return;
    const target = openedByKeyboard.current ? (focusables(panel)[0] ?? panel) : panel;
    target.focus({ preventScroll: true });
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onDocumentClick = (event: MouseEvent) => {
      // The path is fixed at dispatch, so a click on an item that has since left the DOM still counts as inside.
      if (rootRef.current && !event.composedPath().includes(rootRef.current)) onOpenChange(false);
    };
    const onDocumentKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const hadFocus = rootRef.current?.contains(document.activeElement) ?? false;
      onOpenChange(false);
      if (hadFocus) triggerRef.current?.focus();
    };
    document.addEventListener('click', onDocumentClick);
    document.addEventListener('keydown', onDocumentKey);
    return () => {
      document.removeEventListener('click', onDocumentClick);
      document.removeEventListener('keydown', onDocumentKey);
    };
  }, [open, onOpenChange]);

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget;
    if (open && next instanceof Node && !rootRef.current?.contains(next)) onOpenChange(false);
  };

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' && !open) {
      event.preventDefault();
      openedByKeyboard.current = true;
      onOpenChange(true);
    }
  };

  const onPanelKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const panel = panelRef.current;
    if (!panel || !['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) return;
    const items = focusables(panel);
    if (items.length === 0) return;
    event.preventDefault();
    const current = items.indexOf(document.activeElement as HTMLElement);
    const last = items.length - 1;
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? last
          : event.key === 'ArrowDown'
            ? current < 0 || current === last
              ? 0
              : current + 1
            : current <= 0
              ? last
              : current - 1;
    items[next]?.focus();
  };

  return (
    <Box ref={rootRef} display="inline-flex" onBlur={onBlur}>
      <Button
        ref={triggerRef}
        type="button"
        variant="ghost"
        size="sm"
        {...triggerProps}
        aria-expanded={open}
        aria-haspopup="dialog"
        aria-controls={open ? panelId : undefined}
        onClick={(event) => {
          // A click from Enter or Space carries no pointer details (detail 0).
          openedByKeyboard.current = event.detail === 0;
          onOpenChange(!open);
        }}
        onKeyDown={onTriggerKeyDown}
      >
        {trigger}
      </Button>
      {open && (
        <Box
          ref={panelRef}
          id={panelId}
          role="dialog"
          aria-label={label}
          tabIndex={-1}
          position="fixed"
          zIndex="dropdown"
          bg="bg.panel"
          color="fg"
          borderWidth="1px"
          borderRadius="l2"
          boxShadow="lg"
          overflowY="auto"
          overscrollBehavior="contain"
          outline="none"
          animationName="fade-in"
          animationDuration="fast"
          _motionReduce={{ animation: 'none' }}
          onKeyDown={onPanelKeyDown}
        >
          {children}
        </Box>
      )}
    </Box>
  );
}
