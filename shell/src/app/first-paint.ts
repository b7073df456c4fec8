import { useLayoutEffect } from 'react';
import { FIRST_PAINT_PRESSABLE } from '@portal/contracts';

/**
 * The visitor's page as drawn ahead by the BFF's inline script (bff/src/lib/first-paint.ts): a
 * copy of what the app draws first, shown while the scripts load, with the app's root laid out
 * invisibly beneath it. The last press on it (`pressed`), a press still under way (`pressing`:
 * the pointer is down) and a submit without a press (`submitted`) were held for the app.
 */
interface FirstPaint {
  box: HTMLElement;
  submitted: boolean;
  pressed: Element | null;
  pressing?: Element | null;
  dropped?: boolean;
  drop: () => void;
}

declare global {
  interface Window {
    __portalFirstPaint?: FirstPaint;
  }
}

type Field = HTMLInputElement | HTMLTextAreaElement;

const fieldsOf = (container: Element): Field[] => [...container.querySelectorAll<Field>('input, textarea')];

/** The live field that stands where `field` stood in the drawing: same name, else same position. */
function counterpart(field: Field, drawn: Field[], live: Field[]): Field | undefined {
  if (field.name) return live.find((candidate) => candidate.name === field.name);
  return live[drawn.indexOf(field)];
}

/** Sets a field's value the way typing does, so React's onChange sees it. */
function type(field: Field, value: string): void {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** The app's element that stands where `pressed` stood in the drawing, if it is plainly the same. */
function pressedCounterpart(pressed: Element, drawn: Element, live: Element): HTMLElement | undefined {
  const index = [...drawn.querySelectorAll(FIRST_PAINT_PRESSABLE)].indexOf(pressed);
  const target = live.querySelectorAll<HTMLElement>(FIRST_PAINT_PRESSABLE)[index];
  const same =
    target !== undefined &&
    target.tagName === pressed.tagName &&
    target.textContent?.trim() === pressed.textContent?.trim() &&
    target.getAttribute('data-testid') === pressed.getAttribute('data-testid');
  return same ? target : undefined;
}

/**
 * A press begun on the drawing and still under way: the pointer comes up on the app's element
 * (the drawing is gone), where the browser sends no click, as the press began elsewhere. It is
 * finished as a click when the pointer comes up on the element; elsewhere, or cancelled, it is
 * dropped, as a press that slides off a button is.
 */
function finishPress(doc: Document, target: HTMLElement): void {
  let clicked = false;
  const onClick = (event: Event) => {
    if (event.target instanceof Node && target.contains(event.target)) clicked = true;
  };
  const stop = () => {
    doc.removeEventListener('click', onClick, true);
    doc.removeEventListener('pointerup', onUp, true);
    doc.removeEventListener('pointercancel', stop, true);
  };
  const onUp = (event: Event) => {
    const onTarget = event.target instanceof Node && target.contains(event.target);
    // A click the browser does send comes right after the pointerup.
    setTimeout(() => {
      stop();
      if (onTarget && !clicked) target.click();
    }, 0);
  };
  doc.addEventListener('click', onClick, true);
  doc.addEventListener('pointerup', onUp, true);
  doc.addEventListener('pointercancel', stop, true);
}

/**
 * The app has drawn the route's page: the drawing goes, and what the visitor did on it carries
 * over to the app's own page: typed text, the focus and caret, then the last press (a link, a
 * button, the submit button Enter pressed) or a submit, replayed once React has the typed values.
 * Without a drawing (a session, another route, development) it does nothing.
 */
export function takeOverFirstPaint(doc: Document = document): void {
  const paint = window.__portalFirstPaint;
  const root = doc.getElementById('root');
  if (!paint || paint.dropped || !root) return;
  const drawn = fieldsOf(paint.box);
  const typed = drawn
    .filter((field) => field.value !== field.defaultValue)
    .map((field) => [field, field.value] as const);
  const focused = drawn.find((field) => field === doc.activeElement);
  const caret = focused ? [focused.selectionStart, focused.selectionEnd] : undefined;
  const press = paint.pressed ? pressedCounterpart(paint.pressed, paint.box, root) : undefined;
  const pending = !press && paint.pressing ? pressedCounterpart(paint.pressing, paint.box, root) : undefined;
  paint.drop();
  const live = fieldsOf(root);
  for (const [field, value] of typed) {
    const target = counterpart(field, drawn, live);
    if (target) type(target, value);
  }
  const focusTarget = focused && counterpart(focused, drawn, live);
  if (focusTarget) {
    focusTarget.focus();
    try {
      if (caret?.[0] != null && caret[1] != null) focusTarget.setSelectionRange(caret[0], caret[1]);
    } catch {
      // Fields without a caret (e-mail, number) keep the browser's.
    }
  }
  // After React has rendered the typed values (its input updates commit in a microtask).
  if (press) {
    setTimeout(() => press.click(), 0);
  } else if (pending) {
    finishPress(doc, pending);
  } else if (paint.submitted) {
    const form = (focusTarget ?? live[0])?.form ?? root.querySelector('form');
    if (form) setTimeout(() => form.requestSubmit(), 0);
  }
}

/** The moment the page answers input through the app (issue 29): the measures read this mark. */
export const READY_MARK = 'portal:ready';

/** Marks READY_MARK once per page load, when the first route page is in the DOM (and took over the drawing). */
function markReady(): void {
  if (typeof performance === 'undefined' || performance.getEntriesByName(READY_MARK).length > 0) return;
  performance.mark(READY_MARK);
}

/** Rendered after a route's page: takes over the first paint once the page is in the DOM. */
export function FirstPaintTakeover() {
  useLayoutEffect(() => {
    takeOverFirstPaint();
    markReady();
  }, []);
  return null;
}
