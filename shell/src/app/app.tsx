import { RouterProvider } from 'react-router';
import { PortalProvider } from '@portal/ui';
import { fullSystem } from '@portal/ui/full-system';
import { router } from './router';

export function App() {
  return (
    <PortalProvider system={fullSystem}>
      <RouterProvider router={router} />
    </PortalProvider>
  );
}
