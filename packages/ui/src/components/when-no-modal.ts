const OPEN_MODAL = '[role="dialog"][aria-modal="true"], [role="alertdialog"][aria-modal="true"]';

/**
 * Runs `callback` as soon as no modal dialog is open on the page (at once when none is), so that
 * a dialog that opens by itself never stacks on one the user is already looking at (a remote's
 * daily purchase modal, say). Returns a function that cancels the wait.
 */
export function whenNoModalOpen(callback: () => void, root: ParentNode & Node = document.body): () => void {
  if (!root.querySelector(OPEN_MODAL)) {
    callback();
    return () => undefined;
  }
  const observer = new MutationObserver(() => {
    if (root.querySelector(OPEN_MODAL)) return;
    observer.disconnect();
    callback();
  });
  observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-modal', 'role'] });
  return () => observer.disconnect();
}
