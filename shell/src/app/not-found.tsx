import { Navigate } from 'react-router';
import { DEFAULT_DESCRIPTION, DEFAULT_TITLE } from '@portal/contracts';
import { useSession } from '@portal/platform';
import { PageSkeleton } from '@portal/ui';
import { useEffect } from 'react';
import { setDocumentMeta } from '../lib/document-meta';

/** Unknown paths go home when user info is present, otherwise to the login page (spec-1 §2). */
export function NotFound() {
  const status = useSession((s) => s.status);
  const user = useSession((s) => s.user);
  useEffect(() => setDocumentMeta(DEFAULT_TITLE, DEFAULT_DESCRIPTION), []);
  if (status !== 'ready') return <PageSkeleton />;
  return <Navigate to={user ? '/' : '/login'} replace />;
}
