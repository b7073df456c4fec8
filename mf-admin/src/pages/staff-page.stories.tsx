import { Codes, type StaffList } from '@portal/contracts';
import { permissionsOfRole } from '@portal/contracts/staff';
import { apiHandler, apiSequence, pendingHandler } from '@portal/storybook/api-mocks';
import { expect, expectToast, userEvent, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import { asAdmin, confirm, dialog, openNew, prepareStaff, rows, rowWith } from '../test/story-fixtures';
import StaffPage from './staff-page';

const kefuRole = {
  id: 'r1a2b3c4d',
  name: '客服',
  permissions: ['users.read', 'tickets.read'],
  builtin: false,
  members: 1,
} as const;

const staff: StaffList = {
  owner: true,
  roles: [
    { id: 'admin', name: '管理员', permissions: permissionsOfRole('admin'), builtin: true, members: 1 },
    { id: 'yunying', name: '运营', permissions: permissionsOfRole('yunying'), builtin: true, members: 0 },
    { ...kefuRole, permissions: [...kefuRole.permissions] },
  ],
  members: [
    {
      user_id: '665f1c2ab7e4d90012a3b001',
      email: 'owner@example.com',
      role: 'admin',
      roleName: '管理员',
      since: null,
      source: 'owner',
      lastSignIn: '2026-11-20T08:00:00.000Z',
      secondFactor: 'none',
    },
    {
      user_id: '665f1c2ab7e4d90012a3b002',
      email: 'kefu@example.com',
      role: kefuRole.id,
      roleName: '客服',
      since: '2026-11-01T02:00:00.000Z',
      source: 'screen',
      lastSignIn: null,
      secondFactor: 'none',
    },
    {
      user_id: '665f1c2ab7e4d90012a3b003',
      email: 'ops@example.com',
      role: 'yunying',
      roleName: '运营',
      since: null,
      source: 'yunying_list',
      lastSignIn: null,
      secondFactor: 'none',
    },
  ],
};

const listed = apiHandler('admin/staff/list', staff);

const meta = {
  title: 'mf-admin/Screens/StaffPage',
  component: StaffPage,
  ...asAdmin,
  parameters: { route: '/admin_staff', msw: [listed] },
} satisfies Meta<typeof StaffPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Who holds which role and how: the owner (admin_id), an appointment, the yunying_list setting. */
export const Listed: Story = {
  play: async ({ canvasElement }) => {
    await expect(await rows(canvasElement, 'staff')).toHaveLength(3);
    await expect(await rowWith(canvasElement, 'staff', 'owner@example.com')).toHaveTextContent('站长（admin_id）');
    await expect(await rowWith(canvasElement, 'staff', 'kefu@example.com')).toHaveTextContent('客服');
    await expect(await rowWith(canvasElement, 'staff', 'ops@example.com')).toHaveTextContent(
      '运营名单（yunying_list）',
    );
  },
};

/** 新增: the e-mail of an account and a role; sent as an appointment. */
export const Appoint: Story = {
  parameters: { msw: [apiSequence('admin/staff/appoint', [{ data: staff }]).handler, listed] },
  play: async ({ canvasElement }) => {
    await openNew(canvasElement, 'staff');
    const form = within(await dialog('新增员工'));
    await userEvent.type(form.getByLabelText('邮箱'), 'new-kefu@example.com');
    await userEvent.click(form.getByRole('button', { name: '保存' }));
    await expectToast('员工已保存');
  },
};

/** Asking for more than the caller holds: the BFF's refusal is shown. */
export const AppointRefused: Story = {
  parameters: {
    msw: [apiHandler('admin/staff/appoint', null, Codes.FORBIDDEN, '不能授予超出自己权限的角色'), listed],
  },
  play: async ({ canvasElement }) => {
    await openNew(canvasElement, 'staff');
    const form = within(await dialog('新增员工'));
    await userEvent.type(form.getByLabelText('邮箱'), 'someone@example.com');
    await userEvent.click(form.getByRole('button', { name: '保存' }));
    await expectToast('保存员工失败:不能授予超出自己权限的角色');
  },
};

/** 删除 asks first and says that the person's sessions end. */
export const Remove: Story = {
  parameters: { msw: [apiHandler('admin/staff/remove', staff), listed] },
  play: async ({ canvasElement }) => {
    const row = await rowWith(canvasElement, 'staff', 'kefu@example.com');
    await userEvent.click(within(row).getByRole('button', { name: '删除' }));
    await confirm();
    await expectToast('已解除任命，该员工的登录已全部退出');
  },
};

/** Staff with staff.read only: the list, without 新增, 编辑 or 删除. */
export const ReadOnly: Story = {
  loaders: [() => prepareStaff('只读', ['staff.read'])],
  play: async ({ canvasElement }) => {
    await rows(canvasElement, 'staff');
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('button', { name: '新增' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: '删除' })).toBeNull();
  },
};

export const Loading: Story = { parameters: { msw: [pendingHandler('admin/staff/list')] } };

export const Failed: Story = {
  parameters: { msw: [apiHandler('admin/staff/list', null, Codes.INTERNAL, '数据库忙')] },
};

/** At phone width (390 px). */
export const Phone: Story = {
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  play: async ({ canvasElement }) => {
    await expect(await rows(canvasElement, 'staff')).toHaveLength(3);
  },
};
