import { ResourcePage } from '../engine/components/resource-page';
import { combosResource } from '../features/combos/combos-resource';

/** /admin_combos */
export default function CombosPage() {
  return <ResourcePage resource={combosResource} />;
}
