// Stories live next to their components in other workspaces, and those cannot resolve the
// `storybook` packages: npm leaves them in storybook/node_modules because this workspace's
// folder has the same name as its `storybook` dependency (npm/cli#4512). Stories import the
// Storybook API from here instead. `storybook/test` is an external of the preview bundle, so
// this adds no second copy of it.
export type { Decorator, Loader, Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, waitFor, within } from 'storybook/test';
export { expect, fn, userEvent, waitFor, within } from 'storybook/test';

/** Waits until an element (a toast, a dialog) has finished fading in, and returns it (waits as long as any play wait: preview.tsx). */
export async function expectShown(find: () => Promise<HTMLElement>): Promise<HTMLElement> {
  const element = await find();
  await waitFor(() => expect(element).toBeVisible());
  return element;
}

/**
 * The toasts on screen. A toast the previous story left is closed (preview.tsx clears them) but
 * may still be fading out, so it does not count.
 */
export function openToasts(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>('[data-testid="toast"][data-state="open"]')];
}

/**
 * A toast (rendered in a portal outside the story's canvas) with this text becomes visible. Only
 * open toasts count: not the same words elsewhere on the page, nor a toast on its way out.
 */
export function expectToast(text: string): Promise<HTMLElement> {
  return expectShown(() =>
    waitFor(() => {
      const [match] = openToasts().flatMap((toast) => within(toast).queryAllByText(text));
      if (!match) throw new Error(`no open toast says "${text}"`);
      return match;
    }),
  );
}
