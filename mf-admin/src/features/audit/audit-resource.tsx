import { Box, Text } from '@chakra-ui/react';
import type { AuditEntry } from '@portal/contracts';
import { column, dateColumn } from '../../engine/columns';
import type { ResourceDefinition } from '../../engine/types';
import { auditList } from './api/audit-list';
import { auditRequest, changeLines } from './lib/audit-view';

const t = {
  title: '审计日志',
  noun: '记录',
  operator: '操作人',
  recordType: '记录类型',
  allTypes: '全部类型',
  from: '开始日期',
  to: '结束日期',
  createTime: '时间',
  action: '操作',
  recordId: '记录编号',
  detail: '说明',
  changes: '变更',
  moreChanges: (n: number) => `其余 ${n} 项`,
  recordTypes: {
    agent: '节点',
    entry: '入口',
    line: '线路',
    permission: '权限',
    combo: '商品',
    config: '配置',
    error_log: '错误日志',
    coupon: '优惠券',
    coupon_use: '优惠券记录',
    user: '用户',
    channel: '渠道',
    prize: '奖品',
    ticket: '工单',
  } as Record<string, string>,
  actions: { create: '新增', update: '修改', delete: '删除', action: '操作' } as Record<string, string>,
} as const;

/** Changes shown before the rest is folded away. */
const SHOWN_CHANGES = 4;

/** Our audit log (issue 12): every back-office write, who made it and what it changed. Read-only. */
export const auditResource: ResourceDefinition<AuditEntry> = {
  title: t.title,
  noun: t.noun,
  testId: 'audit',
  list: (filters) => auditList(auditRequest(filters)),
  defaultSort: { id: 'createTime', desc: true },
  filters: [
    { key: 'operator', label: t.operator, kind: 'text' },
    {
      key: 'recordType',
      label: t.recordType,
      kind: 'select',
      allLabel: t.allTypes,
      options: () => Object.entries(t.recordTypes).map(([value, label]) => ({ value, label })),
    },
    { key: 'from', label: t.from, kind: 'date' },
    { key: 'to', label: t.to, kind: 'date' },
  ],
  columns: [
    dateColumn('createTime', t.createTime, (row) => row.createTime),
    column('operator', t.operator, (row) => row.operatorEmail),
    column('recordType', t.recordType, (row) => t.recordTypes[row.recordType] ?? row.recordType),
    column('action', t.action, (row) =>
      row.action === 'action' && row.detail ? row.detail : (t.actions[row.action] ?? row.action),
    ),
    column('recordId', t.recordId, (row) => row.recordId),
    {
      id: 'changes',
      header: t.changes,
      sortable: false,
      wrap: true,
      value: (row) => changeLines(row).join('\n'),
      cell: (row) => {
        const lines = changeLines(row);
        const text = (shown: string[]) =>
          shown.map((line) => (
            <Text key={line} whiteSpace="pre-wrap">
              {line}
            </Text>
          ));
        // A created or deleted record lists every field: the first few, the rest on demand.
        return (
          <Box fontSize="xs" fontFamily="mono">
            {text(lines.slice(0, SHOWN_CHANGES))}
            {lines.length > SHOWN_CHANGES && (
              <Box as="details">
                <Box as="summary" cursor="pointer" color="fg.muted">
                  {t.moreChanges(lines.length - SHOWN_CHANGES)}
                </Box>
                {text(lines.slice(SHOWN_CHANGES))}
              </Box>
            )}
          </Box>
        );
      },
    },
  ],
};
