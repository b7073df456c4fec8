import { Codes } from '@portal/contracts';
import { apiHandler, apiSequence, pendingHandler } from '@portal/storybook/api-mocks';
import { expect, expectToast, userEvent, waitFor, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import PermissionsPage from '../../pages/permissions-page';
import {
  asAdmin,
  alertDialog,
  confirm,
  dialog,
  ids,
  openNew,
  page,
  permission,
  rows,
  storyPermissions,
} from '../../test/story-fixtures';

/**
 * The engine's list page and edit dialog, shown on the simplest screen (permissions): loading,
 * empty, error with retry, sorting and paging in the address, search, a row action with its
 * confirmation, bulk delete, a validation error and a save.
 */
const meta = {
  title: 'mf-admin/Engine/ResourcePage',
  component: PermissionsPage,
  ...asAdmin,
  parameters: { route: '/admin_permissions', msw: [apiHandler('admin/permissions/list', storyPermissions)] },
} satisfies Meta<typeof PermissionsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const list = (canvas: HTMLElement) => rows(canvas, 'permissions');
const rowNames = async (canvas: HTMLElement) =>
  (await list(canvas)).map((row) => row.querySelector('td[data-column="name"]')?.textContent);
const confirmation = () => alertDialog('请确认');

/** Rows, sorting by a header (in the address), and the CSV button. */
export const Loaded: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await rowNames(canvasElement)).toEqual(['line_exclusive_1', 'line_game']);
    await userEvent.click(canvas.getByRole('button', { name: /购买次数/ }));
    await waitFor(async () => expect(await rowNames(canvasElement)).toEqual(['line_game', 'line_exclusive_1']));
    await userEvent.click(canvas.getByRole('button', { name: /购买次数/ }));
    await waitFor(async () => expect(await rowNames(canvasElement)).toEqual(['line_exclusive_1', 'line_game']));
    await expect(canvas.getByRole('columnheader', { name: /购买次数/ })).toHaveAttribute('aria-sort', 'descending');
    await expect(canvas.getByRole('button', { name: '导出 CSV' })).toBeEnabled();
    await expect(canvas.getByText('共 2 条')).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: [pendingHandler('admin/permissions/list')] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status', { name: '加载中...' })).toBeVisible();
  },
};

export const Empty: Story = {
  parameters: { msw: [apiHandler('admin/permissions/list', [])] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('暂无记录')).toBeVisible();
  },
};

const failingThenFine = apiSequence('admin/permissions/list', [
  { data: null, code: Codes.INTERNAL, msg: '服务器开小差了' },
  { data: storyPermissions },
]);

/** The server's message with 重试; retrying loads the list. */
export const ErrorWithRetry: Story = {
  parameters: { msw: [failingThenFine.handler] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('服务器开小差了')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: '重试' }));
    await expect(await list(canvasElement)).toHaveLength(2);
  },
};

const many = Array.from({ length: 12 }, (_, i) =>
  permission({
    _id: `665f1c2ab7e4d90012a3e1${String(i).padStart(2, '0')}`,
    name: `perm_${String(i + 1).padStart(2, '0')}`,
    useTimes: i,
  }),
);

/** Opened with ?size=5&page=2: the second page of five; 下一页 moves on; search filters. */
export const PagingAndSearchFromAddress: Story = {
  parameters: {
    route: '/admin_permissions?size=5&page=2&sort=name',
    msw: [apiHandler('admin/permissions/list', many)],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await rowNames(canvasElement)).toEqual(['perm_06', 'perm_07', 'perm_08', 'perm_09', 'perm_10']);
    await expect(canvas.getByText('第 2 / 3 页')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: '下一页' }));
    await waitFor(async () => expect(await rowNames(canvasElement)).toEqual(['perm_11', 'perm_12']));
    await userEvent.type(canvas.getByRole('searchbox'), 'perm_0');
    await waitFor(async () => expect(await list(canvasElement)).toHaveLength(5));
    await expect(canvas.getByText('共 9 条')).toBeVisible();
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: '每页' }), '全部');
    await waitFor(async () => expect(await list(canvasElement)).toHaveLength(9));
  },
};

const deleted = apiSequence('admin/permissions/delete', [{ data: null }]);

/** A row action: 删除 asks first, then sends the id and says 权限删除成功. */
export const DeleteRow: Story = {
  parameters: { msw: [deleted.handler, apiHandler('admin/permissions/list', storyPermissions)] },
  play: async ({ canvasElement }) => {
    const [first] = await list(canvasElement);
    await userEvent.click(within(first!).getByRole('button', { name: '删除' }));
    const question = await confirmation();
    await expect(question).toHaveTextContent('确定删除「line_exclusive_1」吗？');
    await userEvent.click(within(question).getByRole('button', { name: '确定' }));
    await expectToast('权限删除成功');
    await expect(deleted.calls).toEqual([{ id: ids.permission1 }]);
  },
};

/** A refused delete: the spec's prefix and the server's message. */
export const DeleteRefused: Story = {
  parameters: {
    msw: [
      apiHandler('admin/permissions/delete', null, Codes.NOT_ALLOWED, '仍有商品使用该权限'),
      apiHandler('admin/permissions/list', storyPermissions),
    ],
  },
  play: async ({ canvasElement }) => {
    const [first] = await list(canvasElement);
    await userEvent.click(within(first!).getByRole('button', { name: '删除' }));
    await confirm();
    await expectToast('权限删除失败:仍有商品使用该权限');
  },
};

const bulk = apiSequence('admin/permissions/delete', [{ data: null }]);

/** Both rows selected and deleted together, after one question. */
export const BulkDelete: Story = {
  parameters: { msw: [bulk.handler, apiHandler('admin/permissions/list', storyPermissions)] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await list(canvasElement);
    await userEvent.click(canvas.getByRole('checkbox', { name: '选择本页全部' }));
    await userEvent.click(await canvas.findByRole('button', { name: '删除所选（2）' }));
    await confirm();
    await expectToast('权限删除成功');
    await expect(bulk.calls).toEqual([{ id: ids.permission1 }, { id: ids.permission2 }]);
  },
};

const created = apiSequence('admin/permissions/update', [{ data: permission({ _id: '665f1c2ab7e4d90012a3e009' }) }]);

/** The contract's schema refuses an empty or malformed name in Chinese; nothing is sent. */
export const ValidationError: Story = {
  parameters: { msw: [created.handler, apiHandler('admin/permissions/list', storyPermissions)] },
  play: async ({ canvasElement }) => {
    await openNew(canvasElement, 'permissions');
    const form = within(await dialog('新增权限'));
    await userEvent.click(form.getByRole('button', { name: '保存' }));
    await expect(await form.findByText('必填')).toBeVisible();
    await userEvent.type(form.getByLabelText('名称'), '专线 1');
    await userEvent.click(form.getByRole('button', { name: '保存' }));
    await expect(await form.findByText('格式不正确')).toBeVisible();
    await expect(created.calls).toEqual([]);
  },
};

/** A new permission is sent without an id (the server creates it); 更新成功 and the dialog closes. */
export const Create: Story = {
  parameters: { msw: [created.handler, apiHandler('admin/permissions/list', storyPermissions)] },
  play: async ({ canvasElement }) => {
    await openNew(canvasElement, 'permissions');
    const box = await dialog('新增权限');
    const form = within(box);
    await userEvent.type(form.getByLabelText('名称'), 'line_video');
    await userEvent.type(form.getByLabelText('描述'), '视频专线');
    await userEvent.click(form.getByRole('button', { name: '保存' }));
    await expectToast('更新成功');
    await expect(created.calls.at(-1)).toEqual({ name: 'line_video', desc: '视频专线' });
    await waitFor(() => expect(box).not.toBeInTheDocument());
  },
};

/** A refused save keeps the dialog open and says 配置失败 with the server's message. */
export const SaveRefused: Story = {
  parameters: {
    msw: [
      apiHandler('admin/permissions/update', null, Codes.INVALID_PAYLOAD, '名称已存在'),
      apiHandler('admin/permissions/list', storyPermissions),
    ],
  },
  play: async ({ canvasElement }) => {
    const [first] = await list(canvasElement);
    await userEvent.click(within(first!).getByRole('button', { name: '编辑' }));
    const form = within(await dialog('编辑权限'));
    await expect(form.getByLabelText('名称')).toHaveValue('line_exclusive_1');
    await userEvent.click(form.getByRole('button', { name: '保存' }));
    await expectToast('配置失败:名称已存在');
    await expect(page().getByRole('dialog', { name: '编辑权限' })).toBeVisible();
  },
};
