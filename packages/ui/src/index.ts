export { portalThemeConfig } from './theme/tokens.js';
export { PortalProvider, type PortalProviderProps } from './components/portal-provider.js';
export { Toaster, toaster, showToast } from './components/toaster.js';
export { EmptyState, EMPTY_TEXT } from './components/empty-state.js';
export { PageSkeleton } from './components/page-skeleton.js';
export { RegionError, type RegionErrorProps } from './components/region-error.js';
export { PagePlaceholder } from './components/page-placeholder.js';
export { definePages } from './components/remote-pages.js';
export { QrDialog, QR_DRAW_DELAY_MS, QR_SIZE, type QrDialogProps } from './components/qr-dialog.js';
