import { ResourcePage } from '../engine/components/resource-page';
import { tradesResource } from '../features/trades/trades-resource';

/** /admin_tradeList */
export default function TradeListPage() {
  return <ResourcePage resource={tradesResource} />;
}
