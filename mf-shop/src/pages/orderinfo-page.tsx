import { shopLabels } from '@portal/contracts/shop-labels';
import { FieldList } from '../components/field-list';
import { SamplePage } from '../features/samples/components/sample-page';
import { sampleOrderInfo } from '../features/samples/sample-data';

/** /orderinfo: hard-coded sample data, a placeholder (spec-2 "Order list"). */
export default function OrderinfoPage() {
  return (
    <SamplePage title={shopLabels.samples.orderinfoTitle}>
      <FieldList rows={sampleOrderInfo} />
    </SamplePage>
  );
}
