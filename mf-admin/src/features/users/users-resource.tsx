import { Input } from '@chakra-ui/react';
import {
  Codes,
  type AdminChangePassword,
  type AdminUser,
  type ChannelUpdate,
  type UserUpdate,
} from '@portal/contracts';
import { adminMessages as m } from '@portal/contracts/admin-messages';
import {
  AdminChangePassword as AdminChangePasswordSchema,
  ChannelUpdate as ChannelUpdateSchema,
  UserUpdate as UserUpdateSchema,
} from '@portal/contracts/schemas';
import { formatYuan, notify, usePortal } from '@portal/platform';
import { lazyDialog } from '@portal/ui';
import { column, dateColumn, flagColumn, keyColumn, numberColumn } from '../../engine/columns';
import { fieldList } from '../../engine/fields';
import { alreadyReported, DEFAULT_TOAST_MS, failureText } from '../../engine/lib/outcome';
import { outcome } from '../../engine/outcome';
import { showForm } from '../../engine/show-form';
import type { CustomFieldProps, FormDef, ResourceDefinition } from '../../engine/types';
import { bytesToTrafficG } from '../combos/lib/combo-form';
import { TrafficGbField } from '../coupons/components/coupon-fields';
import { changePassword } from './api/change-password';
import { updateUser } from './api/update-user';
import { getUserChannel, updateChannel } from './api/user-channel';
import { getUserDetail } from './api/user-detail';
import { userList } from './api/user-list';
import { resetUserKey } from './api/user-client-devices';
import type { UserClientDevicesDialogProps } from './components/user-client-devices-dialog';
import type { UserDevicesDialogProps } from './components/user-devices-dialog';
import { userLabels as t } from './labels';
import {
  channelToForm,
  debugSubscriptionUrl,
  fromLocalInput,
  toLocalInput,
  userCount,
  userListRequest,
  userToForm,
} from './lib/user-form';

const UserDevicesDialog = lazyDialog<UserDevicesDialogProps>(() => import('./components/user-devices-dialog'));
const UserClientDevicesDialog = lazyDialog<UserClientDevicesDialogProps>(
  () => import('./components/user-client-devices-dialog'),
);

/** The VIP expiry as a date and time in the browser's time zone; emptied, none. */
function VipTimeInput({ label, value, onChange, invalid }: CustomFieldProps) {
  return (
    <Input
      type="datetime-local"
      aria-label={label}
      aria-invalid={invalid}
      value={toLocalInput(typeof value === 'string' ? value : null)}
      onChange={(event) => onChange(fromLocalInput(event.target.value))}
    />
  );
}

function PasswordInput({ label, value, onChange, invalid }: CustomFieldProps) {
  return (
    <Input
      type="password"
      autoComplete="new-password"
      aria-label={label}
      aria-invalid={invalid}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** The channel dialog (spec-2 §2 item 5): code, name, reward rate 0–0.5, consumer duration. */
export const channelForm: FormDef<ChannelUpdate, ChannelUpdate> = {
  schema: ChannelUpdateSchema,
  fields: fieldList<ChannelUpdate>(t, [
    ['code', { label: t.code }],
    ['name', { label: t.channelName }],
    'rewardRate',
    ['comsumerDuration', { help: t.comsumerDurationHelp }],
  ]),
  defaults: () => ({ user_id: '', code: '', name: '', rewardRate: 0, comsumerDuration: 0 }),
  toForm: (channel) => channel,
  save: outcome({ call: updateChannel, success: m.success.channelSaved, failure: m.failure.channelSave }),
};

/** The password dialog: the new password for the row's e-mail; the user's sessions end. */
export const passwordForm: FormDef<AdminChangePassword, AdminChangePassword> = {
  schema: AdminChangePasswordSchema,
  fields: fieldList<AdminChangePassword>(t, [
    ['password', { label: t.newPassword, kind: 'custom', render: PasswordInput, help: t.passwordHelp }],
  ]),
  defaults: () => ({ email: '', password: '' }),
  toForm: (request) => request,
  save: outcome({ call: changePassword, success: t.passwordSaved, failure: t.passwordFailed }),
};

const flag = (id: keyof AdminUser & string, get: (row: AdminUser) => boolean) =>
  flagColumn<AdminUser>(id, String(t[id as keyof typeof t]), get, t.yesNo);
const trafficColumn = (id: 'traffic' | 'spendTraffic') =>
  numberColumn<AdminUser>(id, t[id], (row) => bytesToTrafficG(row[id]));

/** /admin_userlist (spec-2 §2 item 5): the users, their channel, the edit dialog, passwords and debug links. */
export const usersResource: ResourceDefinition<AdminUser, UserUpdate> = {
  title: t.title,
  noun: t.noun,
  testId: 'users',
  editPermission: 'users.edit',
  auditType: 'user',
  list: (filters) => userList(userListRequest(filters)),
  defaultSort: { id: 'createTime', desc: true },
  describe: (row) => row.email,
  filters: [
    userCount.filter,
    { key: 'filter', label: t.filter, kind: 'text' },
    { key: 'from', label: t.from, kind: 'date' },
    { key: 'to', label: t.to, kind: 'date' },
    { key: 'shared', label: t.sharedFilter, kind: 'number', min: 2 },
  ],
  columns: [
    keyColumn(t, 'email'),
    column('type', t.type, (row) => (row.type === null ? t.noType : (t.types[row.type] ?? row.type))),
    flagColumn('disable', t.disable, (row) => !row.disable, t.disabledBadge, 'red'),
    numberColumn('scale', t.scale, (row) => row.scale),
    keyColumn(t, 'channel_code'),
    column('own_channel_code', t.own_channel_code, (row) => row.own_channel_code ?? ''),
    dateColumn('createTime', t.createTime, (row) => row.createTime),
    flag('paidUser', (row) => row.paidUser),
    flag('is_agency', (row) => row.is_agency),
    numberColumn('wallet_money', t.wallet_money, (row) => row.wallet_money, {
      cell: (row) => formatYuan(row.wallet_money),
    }),
    trafficColumn('spendTraffic'),
    trafficColumn('traffic'),
    dateColumn('vipExpireTime', t.vipExpireTime, (row) => row.vipExpireTime),
    dateColumn('lastActiveTime', t.lastActiveTime, (row) => row.lastActiveTime),
    column('first_url', t.first_url, (row) => row.first_url, { sortable: false, wrap: true }),
    column('last_url', t.last_url, (row) => row.last_url, { sortable: false }),
    column('userkey', t.userkey, (row) => row.userkey, { sortable: false }),
    flag('canChangeDescribeKey', (row) => row.canChangeDescribeKey),
    flag('canChangePassword', (row) => row.canChangePassword),
    flag('normalPermission', (row) => row.normalPermission),
    flag('specialDailyUnlimitTraffic', (row) => row.specialDailyUnlimitTraffic),
    numberColumn('dailyUnlimitTraffic', t.dailyUnlimitTraffic, (row) => row.dailyUnlimitTraffic),
    flag('forceReward', (row) => row.forceReward),
    numberColumn('deviceNum', t.deviceNum, (row) => (row.deviceNum > 0 ? row.deviceNum : row.packageDeviceNum), {
      cell: (row) => t.deviceNumCell(row.deviceNum, row.packageDeviceNum),
    }),
  ],
  form: {
    schema: UserUpdateSchema,
    create: false,
    fields: fieldList<UserUpdate>(t, [
      'disable',
      'scale',
      'paidUser',
      'is_agency',
      ['traffic', { kind: 'custom', render: TrafficGbField, help: t.trafficHelp }],
      ['vipExpireTime', { kind: 'custom', render: VipTimeInput, help: t.vipHelp }],
      'specialDailyUnlimitTraffic',
      ['dailyUnlimitTraffic', { visible: (values) => values.specialDailyUnlimitTraffic === true }],
      'normalPermission',
      'canChangePassword',
      'canChangeDescribeKey',
      'forceReward',
      ['deviceNum', { help: t.deviceNumHelp }],
    ]),
    defaults: () => {
      throw new Error('users are not created here');
    },
    toForm: userToForm,
    save: outcome({ call: updateUser, success: m.success.userSaved, failure: m.failure.userSave }),
  },
  rowActions: [
    {
      key: 'channel',
      label: t.channel,
      permission: 'users.edit',
      run: async (row, ctx) => {
        const result = await getUserChannel(row._id);
        if (result.code !== Codes.OK) {
          if (!alreadyReported(result)) {
            notify({
              kind: 'error',
              title: failureText(m.failure.channelSave, result.msg),
              durationMs: DEFAULT_TOAST_MS,
            });
          }
          return;
        }
        showForm(ctx, channelForm, channelToForm(row._id, result.data), t.channelTitle(row.email), 'user-channel');
      },
    },
    {
      key: 'password',
      label: t.password,
      permission: 'users.edit',
      run: (row, ctx) =>
        showForm(ctx, passwordForm, { email: row.email, password: '' }, t.passwordTitle(row.email), 'user-password'),
    },
    {
      key: 'uploads',
      label: t.uploads,
      run: async (row) => {
        const result = await getUserDetail(row._id);
        if (result.code !== Codes.OK) {
          if (!alreadyReported(result)) {
            notify({ kind: 'error', title: failureText(t.uploadsFailed, result.msg), durationMs: DEFAULT_TOAST_MS });
          }
          return;
        }
        notify({
          kind: 'info',
          title: t.uploadsTotal(row.email, result.data.uploadBytes ?? 0),
          durationMs: DEFAULT_TOAST_MS,
        });
      },
    },
    {
      key: 'devices',
      label: t.devices,
      run: (row, ctx) => ctx.show((close) => <UserDevicesDialog userId={row._id} email={row.email} onClose={close} />),
    },
    {
      key: 'resetKey',
      label: t.resetKey,
      permission: 'users.edit',
      danger: true,
      confirm: (row) => t.confirmResetKey(row.email),
      ...outcome({
        call: (row: AdminUser) => resetUserKey(row._id),
        success: t.resetKeyDone,
        failure: t.resetKeyFailed,
      }),
    },
    {
      key: 'clientDevices',
      label: t.clientDevices,
      run: (row, ctx) =>
        ctx.show((close) => <UserClientDevicesDialog userId={row._id} email={row.email} onClose={close} />),
    },
    {
      key: 'debug',
      label: t.debug,
      run: (row) => {
        window.location.href = debugSubscriptionUrl(row, usePortal.getState().config?.describeHost, location.origin);
      },
    },
  ],
};
