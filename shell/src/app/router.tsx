import { HashRouter, Route, Routes } from 'react-router';
import { routes } from '@portal/contracts';
import { Layout } from '../components/layout';
import { AddressCatchUp } from './address-catch-up';
import { RouteGate } from './route-gate';
import { NotFound } from './not-found';

/**
 * The hash router, built from the contract's route table: one entry per spec route.
 * Declarative routing keeps the data-router code out of the first page.
 */
export function PortalRouter() {
  return (
    <HashRouter>
      <AddressCatchUp />
      <Routes>
        <Route element={<Layout />}>
          {routes.map((route) => (
            <Route key={route.path} path={route.path} element={<RouteGate route={route} />} />
          ))}
          <Route path="*" element={<NotFound />} />
        </Route>
      </Routes>
    </HashRouter>
  );
}
