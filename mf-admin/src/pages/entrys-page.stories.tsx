import { apiSequence } from '@portal/storybook/api-mocks';
import { expect, expectToast, userEvent, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import { asAdmin, dialog, listHandlers, rows, storyEntries } from '../test/story-fixtures';
import EntrysPage from './entrys-page';

const saved = apiSequence('admin/entrys/update', [{ data: storyEntries[0] }]);

const meta = {
  title: 'mf-admin/Screens/EntrysPage',
  component: EntrysPage,
  ...asAdmin,
  parameters: { route: '/admin_entrys', msw: [saved.handler, ...listHandlers] },
} satisfies Meta<typeof EntrysPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** 复制 opens the entry under 复制入口 without its id; the IP list is one address per line. */
export const CopyEntry: Story = {
  play: async ({ canvasElement }) => {
    const [first] = await rows(canvasElement, 'entrys');
    await expect(first).toHaveTextContent('192.0.2.1, 192.0.2.2');
    await userEvent.click(within(first!).getByRole('button', { name: '复制' }));
    const form = within(await dialog('复制入口'));
    const ipList = form.getByLabelText('IP 列表');
    await expect(ipList).toHaveValue('192.0.2.1\n192.0.2.2');
    await userEvent.type(ipList, '\nbad host');
    await userEvent.click(form.getByRole('button', { name: '保存' }));
    await expect(await form.findByText('第 3 项: 格式不正确')).toBeVisible();
    await userEvent.clear(ipList);
    await userEvent.type(ipList, '192.0.2.9');
    await userEvent.click(form.getByRole('button', { name: '保存' }));
    await expectToast('更新成功');
    const sent = saved.calls.at(-1)!;
    await expect(sent).not.toHaveProperty('_id');
    await expect(sent).toMatchObject({ name: '上海入口', ipList: ['192.0.2.9'] });
  },
};
