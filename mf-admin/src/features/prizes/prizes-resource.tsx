import type { AdminPrize, PrizeUpdate } from '@portal/contracts';
import { adminMessages as m } from '@portal/contracts/admin-messages';
import { PrizeUpdate as PrizeUpdateSchema } from '@portal/contracts/schemas';
import { prizeDiscountPercent } from '@portal/contracts';
import { column, keyColumn, numberColumn } from '../../engine/columns';
import { fieldList } from '../../engine/fields';
import { outcome } from '../../engine/outcome';
import type { ResourceDefinition } from '../../engine/types';
import { deletePrize } from './api/delete-prize';
import { prizeList } from './api/prize-list';
import { updatePrize } from './api/update-prize';
import { PrizeSummary } from './components/prize-summary';
import {
  chanceOf,
  discountText,
  newPrize,
  percentText,
  prizeLabels as t,
  prizeRules,
  prizeToForm,
} from './lib/prize-form';

/** A listed prize with its place in the list (the 序号 column). */
type PrizeRow = AdminPrize & { seq: number };

interface PrizeLookups {
  /** Every prize's weight: the chance of the one edited is computed against them. */
  prizes: AdminPrize[];
}

async function numberedPrizes() {
  const result = await prizeList();
  return {
    ...result,
    data: Array.isArray(result.data) ? result.data.map((p, i) => ({ ...p, seq: i + 1 })) : result.data,
  };
}

const withCoupon = (values: Partial<PrizeUpdate>) => values.hasDiscountCoupon === true;

/** /admin_prize (spec-2 §2 item 15): the lottery's prizes, their totals and chances. Open to yunying. */
export const prizesResource: ResourceDefinition<PrizeRow, PrizeUpdate, PrizeLookups> = {
  title: t.title,
  noun: t.noun,
  testId: 'prizes',
  editPermission: 'prizes.edit',
  auditType: 'prize',
  list: numberedPrizes,
  lookups: { prizes: prizeList },
  defaultSort: { id: 'seq', desc: false },
  summary: (rows) => <PrizeSummary prizes={rows} />,
  columns: [
    numberColumn('seq', t.seq, (row) => row.seq),
    keyColumn(t, 'name', { wrap: true }),
    numberColumn('gainTraffic', t.gainTraffic, (row) => row.gainTraffic),
    numberColumn('weight', t.weight, (row) => row.weight),
    column('desc', t.desc, (row) => row.desc, { wrap: true, sortable: false }),
    column('discount', t.discount, discountText),
  ],
  form: {
    schema: PrizeUpdateSchema,
    fields: fieldList<PrizeUpdate, PrizeLookups>(t, [
      'name',
      'gainTraffic',
      'gainVipTime',
      ['weight', { help: (values, lookups) => t.chance(percentText(chanceOf(values, lookups.prizes))) }],
      ['desc', { kind: 'textarea' }],
      'hasDiscountCoupon',
      [
        'discountValue',
        {
          visible: withCoupon,
          help: (values) =>
            t.discountHelp(typeof values.discountValue === 'number' ? prizeDiscountPercent(values.discountValue) : ''),
        },
      ],
      ['discountDuration', { visible: withCoupon }],
      ['photoUrl', { kind: 'image', purpose: 'prize' }],
    ]),
    defaults: () => newPrize(),
    toForm: prizeToForm,
    refine: prizeRules,
    save: outcome({ call: updatePrize, success: m.success.prizeSaved, failure: m.failure.prizeSave }),
  },
  remove: outcome({ call: deletePrize, success: m.success.deleted, failure: m.failure.prizeDelete }),
};
