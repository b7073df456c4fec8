import { type StaffList } from '@portal/contracts';
import { permissionsOfRole } from '@portal/contracts/staff';
import { apiHandler, apiSequence } from '@portal/storybook/api-mocks';
import { expect, expectToast, userEvent, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import { asAdmin, dialog, openNew, rowWith, rows } from '../test/story-fixtures';
import RolesPage from './roles-page';

const staff: StaffList = {
  owner: true,
  members: [],
  roles: [
    { id: 'admin', name: '管理员', permissions: permissionsOfRole('admin'), builtin: true, members: 1 },
    { id: 'yunying', name: '运营', permissions: permissionsOfRole('yunying'), builtin: true, members: 0 },
    { id: 'r1a2b3c4d', name: '客服', permissions: ['users.read', 'tickets.read'], builtin: false, members: 2 },
  ],
};
const listed = apiHandler('admin/staff/list', staff);
const saved = apiSequence('admin/staff/role_update', [{ data: staff }]);

const meta = {
  title: 'mf-admin/Screens/RolesPage',
  component: RolesPage,
  ...asAdmin,
  parameters: { route: '/admin_roles', msw: [saved.handler, listed] },
} satisfies Meta<typeof RolesPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The built-in roles and a custom one with its permissions by name. */
export const Listed: Story = {
  play: async ({ canvasElement }) => {
    await expect(await rows(canvasElement, 'roles')).toHaveLength(3);
    await expect(await rowWith(canvasElement, 'roles', '客服')).toHaveTextContent('用户 · 查看用户');
  },
};

/** A new role: a name and permissions ticked by group; sent as role_update without an id. */
export const NewRole: Story = {
  play: async ({ canvasElement }) => {
    await openNew(canvasElement, 'roles');
    const form = within(await dialog('新增角色'));
    await userEvent.type(form.getByLabelText('名称'), '财务');
    const finance = within(form.getByRole('group', { name: '财务' }));
    await userEvent.click(finance.getByRole('checkbox', { name: '查看交易流水（trades.read）' }));
    await userEvent.click(finance.getByRole('checkbox', { name: '处理提现（withdrawals.settle）' }));
    await userEvent.click(form.getByRole('button', { name: '保存' }));
    await expectToast('角色已保存');
    await expect(saved.calls.at(-1)).toEqual({ name: '财务', permissions: ['trades.read', 'withdrawals.settle'] });
  },
};
