import { DEFAULT_REQUEST_COUNT, type ErrorLogEntry } from '@portal/contracts';
import { adminMessages as m } from '@portal/contracts/admin-messages';
import { column, dateColumn, longTextColumn } from '../../engine/columns';
import { countFilter } from '../../engine/count-filter';
import { outcome } from '../../engine/outcome';
import type { ResourceDefinition } from '../../engine/types';
import { clearErrors } from './api/clear-errors';
import { errorList } from './api/error-list';

const t = {
  title: '操作日志',
  days: '最近天数',
  createTime: '时间',
  name: '错误',
  msg: '信息',
  request: '请求',
  requestId: '请求编号',
  stack: '调用栈',
  viewStack: '查看',
  clear: '清空日志',
  confirmClear: '确定清空全部错误记录吗？清空后无法恢复。',
} as const;

/** The longest period the list call takes (NumRequest). */
const MAX_DAYS = 3650;
/** How long 清理失败 stays (spec-2 §8: 3 s). */
const CLEAR_FAILED_MS = 3000;

/** The last N days, 7 by default. */
const days = countFilter('num', t.days, DEFAULT_REQUEST_COUNT.errorsAndStats, MAX_DAYS);

/** /admin_error (spec-2 §2 item 12): the server's unexpected errors, read-only, with a clear button. */
export const errorsResource: ResourceDefinition<ErrorLogEntry> = {
  title: t.title,
  noun: t.name,
  testId: 'errors',
  editPermission: 'errors.clear',
  list: (filters) => errorList({ num: days.read(filters) }),
  defaultSort: { id: 'createTime', desc: true },
  filters: [days.filter],
  columns: [
    dateColumn('createTime', t.createTime, (row) => row.createTime),
    column('name', t.name, (row) => row.name),
    column('msg', t.msg, (row) => row.msg, { wrap: true }),
    column('request', t.request, (row) => [row.method, row.url].filter(Boolean).join(' ')),
    column('requestId', t.requestId, (row) => row.requestId ?? ''),
    longTextColumn('stack', t.stack, (row) => row.stack, t.viewStack),
  ],
  toolbarActions: [
    {
      key: 'clear',
      label: t.clear,
      danger: true,
      confirm: () => t.confirmClear,
      ...outcome({
        call: clearErrors,
        success: ({ deletedCount }) => m.errorsCleared(deletedCount),
        failure: m.failure.clearErrors,
        failureMs: CLEAR_FAILED_MS,
      }),
    },
  ],
};
