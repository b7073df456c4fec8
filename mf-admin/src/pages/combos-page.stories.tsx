import { apiSequence } from '@portal/storybook/api-mocks';
import { expect, expectToast, userEvent, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import { asAdmin, dialog, listHandlers, openNew, rows, storyCombos } from '../test/story-fixtures';
import CombosPage from './combos-page';

const meta = {
  title: 'mf-admin/Screens/CombosPage',
  component: CombosPage,
  ...asAdmin,
  parameters: { route: '/admin_combos', msw: listHandlers },
} satisfies Meta<typeof CombosPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const list = (canvas: HTMLElement) => rows(canvas, 'combos');
const saved = apiSequence('admin/combo/update_combo', [{ data: storyCombos[0] }]);

/** A new product: 1 GB, 1 day, 0.01 yuan, 150Mbps; permissions chosen from the list; traffic sent as trafficG. */
export const NewProduct: Story = {
  parameters: { msw: [saved.handler, ...listHandlers] },
  play: async ({ canvasElement }) => {
    await openNew(canvasElement, 'combos');
    const form = within(await dialog('新增商品'));
    await expect(form.getByLabelText('流量（G）')).toHaveValue(1);
    await expect(form.getByLabelText('时长（天）')).toHaveValue(1);
    await expect(form.getByLabelText('价格（元）')).toHaveValue(0.01);
    await expect(form.getByLabelText('速率')).toHaveValue('150Mbps');
    await userEvent.type(form.getByLabelText('名称'), '体验包');
    await userEvent.click(form.getByRole('checkbox', { name: 'line_game（游戏专线）' }));
    await userEvent.click(form.getByRole('button', { name: '保存' }));
    await expectToast('商品配置成功');
    const sent = saved.calls.at(-1)!;
    await expect(sent).toMatchObject({
      name: '体验包',
      trafficG: 1,
      vipDuration: 1,
      price: 0.01,
      permissionsGain: ['line_game'],
    });
    await expect(sent).not.toHaveProperty('traffic');
    await expect(sent).not.toHaveProperty('_id');
  },
};

/** Editing shows the stored bytes as GB, and refuses a price in fractions of a cent. */
export const EditInGigabytes: Story = {
  parameters: { msw: [saved.handler, ...listHandlers] },
  play: async ({ canvasElement }) => {
    const [first] = await list(canvasElement);
    await expect(first).toHaveTextContent('100');
    await userEvent.click(within(first!).getByRole('button', { name: '编辑' }));
    const form = within(await dialog('编辑商品'));
    await expect(form.getByLabelText('流量（G）')).toHaveValue(100);
    await userEvent.clear(form.getByLabelText('价格（元）'));
    await userEvent.type(form.getByLabelText('价格（元）'), '19.999');
    await userEvent.click(form.getByRole('button', { name: '保存' }));
    await expect(await form.findByText('价格最多两位小数')).toBeVisible();
    await expect(saved.calls).toEqual([]);
  },
};
