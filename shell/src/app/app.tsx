import { PortalProvider } from '@portal/ui';
import { portalSystem } from '@portal/ui/system';
import { PortalRouter } from './router';

export function App() {
  return (
    <PortalProvider system={portalSystem()}>
      <PortalRouter />
    </PortalProvider>
  );
}
