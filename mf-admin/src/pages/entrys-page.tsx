import { ResourcePage } from '../engine/components/resource-page';
import { entriesResource } from '../features/entries/entries-resource';

/** /admin_entrys */
export default function EntrysPage() {
  return <ResourcePage resource={entriesResource} />;
}
