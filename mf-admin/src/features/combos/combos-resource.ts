import type { AdminPermission, Combo, ComboUpdate } from '@portal/contracts';
import { adminMessages as m } from '@portal/contracts/admin-messages';
import { ComboUpdate as ComboUpdateSchema } from '@portal/contracts/schemas';
import { formatYuan } from '@portal/platform';
import { column, keyColumn, keyNumberColumn, numberColumn } from '../../engine/columns';
import { fieldList } from '../../engine/fields';
import { outcome } from '../../engine/outcome';
import type { ResourceDefinition } from '../../engine/types';
import { permissionList } from '../permissions/api/permission-list';
import { comboList } from './api/combo-list';
import { deleteCombo } from './api/delete-combo';
import { updateCombo } from './api/update-combo';
import { bytesToTrafficG, comboToForm, newCombo, priceRefusal } from './lib/combo-form';

const t = {
  title: '商品管理',
  noun: '商品',
  orderID: '排序',
  name: '名称',
  price: '价格（元）',
  trafficG: '流量（G）',
  trafficHelp: '永久流量，0 为不含流量',
  vipDuration: '时长（天）',
  vipHelp: '0 为不含时长',
  limit: '每日额度（G）',
  additionPersend: '赠送比例（%）',
  deviceNum: '设备数',
  speed: '速率',
  permissionsGain: '赠送权限',
  permissionDuration: '权限时长（天）',
  permissionsDesc: '权限说明',
} as const;

/** What the product screen loads besides the products. */
interface ComboLookups {
  permissions: AdminPermission[];
}

/** /admin_combos (spec-2 §2 item 8): the products of the shop. */
export const combosResource: ResourceDefinition<Combo, ComboUpdate, ComboLookups> = {
  title: t.title,
  noun: t.noun,
  testId: 'combos',
  editPermission: 'products.edit',
  auditType: 'combo',
  list: comboList,
  lookups: { permissions: permissionList },
  defaultSort: { id: 'orderID', desc: false },
  columns: [
    keyNumberColumn(t, 'orderID'),
    keyColumn(t, 'name'),
    numberColumn('price', t.price, (row) => row.price, { cell: (row) => formatYuan(row.price) }),
    numberColumn('traffic', t.trafficG, (row) => bytesToTrafficG(row.traffic)),
    keyNumberColumn(t, 'vipDuration'),
    keyNumberColumn(t, 'limit'),
    keyNumberColumn(t, 'additionPersend'),
    keyNumberColumn(t, 'deviceNum'),
    keyColumn(t, 'speed'),
    column('permissionsGain', t.permissionsGain, (row) => row.permissionsGain.join(', '), { wrap: true }),
    keyNumberColumn(t, 'permissionDuration'),
    keyColumn(t, 'permissionsDesc', { wrap: true }),
  ],
  form: {
    schema: ComboUpdateSchema,
    fields: fieldList<ComboUpdate, ComboLookups>(t, [
      'name',
      'price',
      ['trafficG', { help: t.trafficHelp }],
      ['vipDuration', { help: t.vipHelp }],
      'limit',
      'additionPersend',
      'deviceNum',
      'speed',
      'orderID',
      'permissionDuration',
      [
        'permissionsGain',
        {
          kind: 'checkboxes',
          options: ({ permissions }) =>
            permissions.map((p) => ({ value: p.name, label: p.desc ? `${p.name}（${p.desc}）` : p.name })),
        },
      ],
      ['permissionsDesc', { kind: 'textarea' }],
    ]),
    defaults: newCombo,
    toForm: comboToForm,
    refine: (values) => {
      const refusal = priceRefusal(values.price);
      return refusal ? { price: refusal } : {};
    },
    save: outcome({ call: updateCombo, success: m.success.comboSaved, failure: m.failure.comboSave }),
  },
  remove: outcome({ call: deleteCombo, success: m.success.deleted, failure: m.failure.comboDelete }),
};
