import type { AdminEntry, EntryUpdate } from '@portal/contracts';
import { adminMessages as m } from '@portal/contracts/admin-messages';
import { EntryUpdate as EntryUpdateSchema } from '@portal/contracts/schemas';
import { column, flagColumn, keyColumn, keyNumberColumn } from '../../engine/columns';
import { fieldList, optional } from '../../engine/fields';
import { outcome } from '../../engine/outcome';
import type { ResourceDefinition } from '../../engine/types';
import { deleteEntry } from './api/delete-entry';
import { entryList } from './api/entry-list';
import { updateEntry } from './api/update-entry';

const t = {
  title: '入口管理',
  noun: '入口',
  index: '序号',
  name: '名称',
  ip: '默认 IP',
  host: '域名',
  ipList: 'IP 列表',
  ipListHelp: '每行一个 IP 或域名',
  desc: '描述',
  visible: '可用',
  visibleLabels: ['可用', '停用'],
} as const;

/** /admin_entrys (spec-2 §2 item 4): the entry points that bridged (report) lines go through. */
export const entriesResource: ResourceDefinition<AdminEntry, EntryUpdate> = {
  title: t.title,
  noun: t.noun,
  testId: 'entrys',
  editPermission: 'network.edit',
  auditType: 'entry',
  list: entryList,
  defaultSort: { id: 'index', desc: false },
  columns: [
    keyNumberColumn(t, 'index'),
    keyColumn(t, 'name'),
    keyColumn(t, 'ip'),
    column('ipList', t.ipList, (row) => row.ipList.join(', '), { wrap: true }),
    keyColumn(t, 'desc', { wrap: true }),
    flagColumn('visible', t.visible, (row) => row.visible, t.visibleLabels),
  ],
  form: {
    schema: EntryUpdateSchema,
    fields: fieldList<EntryUpdate>(t, [
      'index',
      'name',
      'ip',
      ['host', optional],
      ['ipList', { kind: 'lines', help: t.ipListHelp }],
      ['desc', { kind: 'textarea' }],
      'visible',
    ]),
    defaults: () => ({ _id: '', index: 0, name: '', ip: '', host: '', ipList: [], desc: '', visible: true }),
    toForm: ({ _id, index, name, ip, host, ipList, desc, visible }) => ({
      _id,
      index,
      name,
      ip,
      host,
      ipList,
      desc,
      visible,
    }),
    save: outcome({ call: updateEntry, success: m.success.updated, failure: m.failure.lineSave }),
  },
  copy: true,
  remove: outcome({ call: deleteEntry, success: m.success.deleted, failure: m.failure.delete }),
  bulkDelete: true,
};
