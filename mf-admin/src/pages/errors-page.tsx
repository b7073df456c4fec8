import { ResourcePage } from '../engine/components/resource-page';
import { errorsResource } from '../features/errors/errors-resource';

/** /admin_error */
export default function ErrorsPage() {
  return <ResourcePage resource={errorsResource} />;
}
