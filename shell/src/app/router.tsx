import { createHashRouter, type RouteObject } from 'react-router';
import { routes } from '@portal/contracts';
import { Layout } from '../components/layout';
import { RouteGate } from './route-gate';
import { NotFound } from './not-found';

/** The hash router, built from the contract's route table: one entry per spec route. */
const children: RouteObject[] = [
  ...routes.map((route) => ({
    path: route.path,
    element: <RouteGate route={route} />,
  })),
  { path: '*', element: <NotFound /> },
];

export const router = createHashRouter([{ element: <Layout />, children }]);
