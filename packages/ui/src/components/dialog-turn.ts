const OPEN_MODAL = '[role="dialog"][aria-modal="true"], [role="alertdialog"][aria-modal="true"]';
/** Set on the root while a dialog that opens by itself holds the turn (its code may still be loading). */
const TURN_ATTRIBUTE = 'data-dialog-turn';

let nextToken = 0;

/**
 * Dialogs that open by themselves (the shell's announcement, a remote's daily purchase modal) take
 * turns, so that they never stack on each other nor on a dialog the user is looking at.
 * `onTurn` runs as soon as no modal dialog is open and no other self-opening dialog holds the turn
 * (at once when the page is free). The turn is held from then on, while the dialog's chunk loads
 * and while it is open, until the returned function is called: call it when the dialog closes or
 * its owner unmounts. Before the turn came, the same call stops waiting.
 *
 * The claim lives in the DOM, not in module state, so the shell and every remote see the same one
 * whichever copy of this package they run.
 */
export function takeDialogTurn(onTurn: () => void, root: HTMLElement = document.body): () => void {
  const token = `turn-${++nextToken}-${Math.random().toString(36).slice(2, 8)}`;
  const isFree = () => !root.hasAttribute(TURN_ATTRIBUTE) && !root.querySelector(OPEN_MODAL);
  const release = () => {
    observer?.disconnect();
    if (root.getAttribute(TURN_ATTRIBUTE) === token) root.removeAttribute(TURN_ATTRIBUTE);
  };
  const grant = () => {
    root.setAttribute(TURN_ATTRIBUTE, token);
    onTurn();
  };
  let observer: MutationObserver | null = null;
  if (isFree()) {
    grant();
    return release;
  }
  observer = new MutationObserver(() => {
    // Waiters are called one after another: the first to find the page free claims it, and the
    // others see its claim.
    if (!isFree()) return;
    observer?.disconnect();
    grant();
  });
  observer.observe(root, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['aria-modal', 'role', TURN_ATTRIBUTE],
  });
  return release;
}
