import { ADMIN_TRAFFIC_RECORD_DAYS, trafficRecordTypes, type AdminTrafficRecord } from '@portal/contracts';
import { TRAFFIC_RECORDS_MAX_DAYS, type AdminTrafficRecordsRequest } from '@portal/contracts/schemas';
import { bytesToGB } from '@portal/platform';
import { column, numberColumn } from '../../engine/columns';
import { countFilter } from '../../engine/count-filter';
import type { ResourceDefinition } from '../../engine/types';
import { trafficRecords } from './api/traffic-records';
import { trafficRecordLabels as t } from './labels';

export const typeLabel = (type: string) => t.types[type] ?? type;

/** The record type in the address, when it is one the call takes; '' (every type) otherwise. */
function recordType(value: string | undefined): AdminTrafficRecordsRequest['type'] {
  return (trafficRecordTypes as readonly string[]).includes(value ?? '')
    ? (value as AdminTrafficRecordsRequest['type'])
    : '';
}

/** Bytes in G: the number sorts and goes to the CSV, the cell shows two decimals. */
const gbColumn = (id: 'trafficChange' | 'allSpend' | 'allTraffic', header: string) =>
  numberColumn<AdminTrafficRecord>(id, header, (row) => Number(bytesToGB(row[id])), {
    cell: (row) => bytesToGB(row[id]),
  });

/** The last N service days, 2 by default (spec-2 §9). */
const days = countFilter('day_num', t.dayNum, ADMIN_TRAFFIC_RECORD_DAYS, TRAFFIC_RECORDS_MAX_DAYS);

/**
 * /all_traffic_records (spec-2 §2 item 11): every user's traffic records of the last days. The
 * list keeps the server's order (spend records by traffic change ascending — the largest spend
 * first — others newest first) until a column is sorted. Read-only.
 */
export const trafficRecordsResource: ResourceDefinition<AdminTrafficRecord> = {
  title: t.title,
  noun: t.noun,
  testId: 'traffic-records',
  list: (filters) =>
    trafficRecords({
      type: recordType(filters.type),
      day_num: days.read(filters),
    }),
  describe: (row) => `${row.email} ${row.day}`,
  filters: [
    {
      key: 'type',
      label: t.type,
      kind: 'select',
      allLabel: t.allTypes,
      options: () => trafficRecordTypes.map((type) => ({ value: type, label: typeLabel(type) })),
    },
    days.filter,
  ],
  columns: [
    column('uid', t.uid, (row) => row.uid),
    column('email', t.email, (row) => row.email),
    column('day', t.day, (row) => row.day),
    column('type', t.type, (row) => typeLabel(row.type)),
    gbColumn('trafficChange', t.trafficChange),
    gbColumn('allSpend', t.allSpend),
    gbColumn('allTraffic', t.allTraffic),
  ],
};
