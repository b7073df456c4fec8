import type { StaffForm, StaffMember, StaffRole } from '@portal/contracts';
import { StaffForm as StaffFormSchema } from '@portal/contracts/schemas';
import type { CallResult } from '@portal/platform';
import { column, dateColumn, keyColumn } from '../../engine/columns';
import { fieldList } from '../../engine/fields';
import { outcome } from '../../engine/outcome';
import type { ResourceDefinition } from '../../engine/types';
import { appointStaff, changeStaffRole, removeStaff, staffList } from './api/staff';
import { staffLabels as t } from './labels';

/** A row of the staff table: a member with the engine's `_id` (the user id). */
export type StaffRow = StaffMember & { _id: string };

interface StaffLookups {
  roles: StaffRole[];
}

/** The list call as the engine reads it: the members, each with its `_id`. */
async function staffRows(): Promise<CallResult<StaffRow[]>> {
  const result = await staffList();
  return { ...result, data: result.code === 0 ? result.data.members.map((m) => ({ ...m, _id: m.user_id })) : [] };
}

async function roleRows(): Promise<CallResult<StaffRole[]>> {
  const result = await staffList();
  return { ...result, data: result.code === 0 ? result.data.roles : [] };
}

/** Appoints (no `_id`) or changes the role of an appointed member. */
function saveStaff(values: StaffForm) {
  return values._id === undefined || values._id === ''
    ? appointStaff({ email: values.email.trim(), role: values.role })
    : changeStaffRole({ user_id: values._id, role: values.role });
}

/**
 * /admin_staff (issue 25): who holds which role, since when, how (owner, appointed here, the
 * yunying_list setting), their second factor and last sign-in; appoint by e-mail, change the role,
 * remove. The BFF decides what the caller may grant (never more than they hold).
 */
export const staffResource: ResourceDefinition<StaffRow, StaffForm, StaffLookups> = {
  title: t.title,
  noun: t.noun,
  testId: 'staff',
  editPermission: 'staff.edit',
  auditType: 'staff',
  list: staffRows,
  lookups: { roles: roleRows },
  describe: (row) => row.email,
  columns: [
    keyColumn(t, 'email'),
    column('role', t.role, (row) => row.roleName),
    column('source', t.source, (row) => t.sources[row.source]),
    dateColumn('since', t.since, (row) => row.since),
    dateColumn('lastSignIn', t.lastSignIn, (row) => row.lastSignIn),
    column('secondFactor', t.secondFactor, (row) => t.secondFactors[row.secondFactor] ?? row.secondFactor),
  ],
  form: {
    schema: StaffFormSchema,
    fields: fieldList<StaffForm, StaffLookups>(t, [
      ['email', { help: t.emailHelp, visible: (values) => !values._id }],
      ['role', { kind: 'select', options: ({ roles }) => roles.map((r) => ({ value: r.id, label: r.name })) }],
    ]),
    defaults: ({ roles }) => ({ _id: '', email: '', role: roles.find((r) => !r.builtin)?.id ?? 'yunying' }),
    toForm: (row) => ({ _id: row._id, email: row.email, role: row.role }),
    save: outcome({ call: saveStaff, success: t.saved, failure: t.saveFailed }),
  },
  remove: outcome({ call: removeStaff, success: t.removed, failure: t.removeFailed }),
};
