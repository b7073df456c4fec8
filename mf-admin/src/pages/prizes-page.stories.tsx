import { Codes, type AdminPrize } from '@portal/contracts';
import { apiHandler, apiSequence } from '@portal/storybook/api-mocks';
import { expect, expectToast, userEvent, waitFor, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import { asAdmin, confirm, dialog, openNew, page, prepareAdmin, rows } from '../test/story-fixtures';
import PrizesPage from './prizes-page';

/** A 1×1 PNG, served back as the "uploaded" prize image. */
const PNG_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

function prize(overrides: Partial<AdminPrize>): AdminPrize {
  return {
    _id: '665f1c2ab7e4d90012a3b000',
    name: '一等奖',
    gainTraffic: 10,
    gainVipTime: 0,
    weight: 1,
    desc: '',
    hasDiscountCoupon: false,
    discountValue: 1,
    discountDuration: 1,
    photoUrl: '',
    ...overrides,
  };
}

const storyPrizes: AdminPrize[] = [
  prize({ _id: '665f1c2ab7e4d90012a3b001', name: '一等奖', gainTraffic: 100, weight: 1, desc: '百 G 大奖' }),
  prize({
    _id: '665f1c2ab7e4d90012a3b002',
    name: '二等奖',
    gainTraffic: 10,
    weight: 3,
    hasDiscountCoupon: true,
    discountValue: 0.8,
    discountDuration: 7,
  }),
  prize({ _id: '665f1c2ab7e4d90012a3b003', name: '谢谢参与', gainTraffic: 0, weight: 16, desc: '<b>下次好运</b>' }),
];

const listHandler = apiHandler('yunying/prize/list', storyPrizes);

const meta = {
  title: 'mf-admin/Screens/PrizesPage',
  component: PrizesPage,
  ...asAdmin,
  parameters: { route: '/admin_prize', msw: [listHandler] },
} satisfies Meta<typeof PrizesPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const list = (canvas: HTMLElement) => rows(canvas, 'prizes');
const save = async (form: ReturnType<typeof within>) => userEvent.click(form.getByRole('button', { name: '保存' }));

/**
 * The totals above the table: total weight 20, logical traffic Σ weight × G = 130 G, win rate
 * 130 / 20 = 650.00%; the rows in order with their coupons (80%（7天）or 无); descriptions as text.
 */
export const PrizeTotals: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const found = await list(canvasElement);
    await expect(found).toHaveLength(3);
    await expect(canvas.getByTestId('prize-total-weight')).toHaveTextContent('20');
    await expect(canvas.getByTestId('prize-logical-traffic')).toHaveTextContent('130 G');
    await expect(canvas.getByTestId('prize-win-rate')).toHaveTextContent('650.00%');
    await expect(found[0]).toHaveTextContent('一等奖');
    await expect(found[0]).toHaveTextContent('百 G 大奖');
    await expect(found[0]).toHaveTextContent('无');
    await expect(found[1]).toHaveTextContent('80%（7天）');
    await expect(found[2]).toHaveTextContent('<b>下次好运</b>');
    await expect(found[2]!.querySelector('b')).toBeNull();
    await expect(canvas.getByRole('link', { name: '审计日志' })).toBeVisible();
  },
};

const created = apiSequence('yunying/prize/update', [{ data: storyPrizes[0]! }]);

/**
 * 新增: the spec's defaults (一等奖, 10 G, weight 1, no coupon); the weight shows its chance
 * against the listed prizes; the coupon's fields appear with the switch; an image is uploaded.
 */
export const NewPrizeDialog: Story = {
  parameters: {
    msw: [created.handler, apiHandler('file/upload', { file: { filename: 'p.png', url: PNG_DATA_URL } }), listHandler],
  },
  play: async ({ canvasElement }) => {
    await openNew(canvasElement, 'prizes');
    const form = within(await dialog('新增奖品'));
    await expect(form.getByLabelText('名称')).toHaveValue('一等奖');
    await expect(form.getByLabelText('流量（G）')).toHaveValue(10);
    await expect(form.getByLabelText('会员天数')).toHaveValue(0);
    await expect(form.getByLabelText('权重')).toHaveValue(1);
    await expect(form.getByLabelText('描述')).toHaveValue('');
    // 1 / (20 + 1)
    await expect(form.getByText(/中奖概率 4\.76%/)).toBeVisible();
    await userEvent.clear(form.getByLabelText('权重'));
    await userEvent.type(form.getByLabelText('权重'), '5');
    await expect(form.getByText(/中奖概率 20\.00%/)).toBeVisible();

    await expect(form.queryByLabelText('折扣')).toBeNull();
    await userEvent.click(form.getByRole('checkbox', { name: '发放折扣券' }));
    await expect(form.getByLabelText('折扣')).toHaveValue(0.9);
    await expect(form.getByText(/即 90%/)).toBeVisible();
    await expect(form.getByLabelText('有效天数')).toHaveValue(7);
    await userEvent.clear(form.getByLabelText('折扣'));
    await userEvent.type(form.getByLabelText('折扣'), '0.75');
    await save(form);
    await expect(await form.findByText('折扣须为 0–1 之间 0.1 的整数倍')).toBeVisible();
    await expect(created.calls).toEqual([]);
    await userEvent.clear(form.getByLabelText('折扣'));
    await userEvent.type(form.getByLabelText('折扣'), '0.8');

    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'prize.png', { type: 'image/png' });
    await userEvent.upload(form.getByTestId('image-upload-input'), file);
    await waitFor(() => expect(form.getByRole('img', { name: '已上传的图片' })).toBeVisible());
    await userEvent.clear(form.getByLabelText('流量（G）'));
    await userEvent.type(form.getByLabelText('流量（G）'), '1.5');
    await save(form);
    await expectToast('配置奖品成功');
    const sent = created.calls.at(-1)!;
    await expect(sent).toEqual({
      name: '一等奖',
      gainTraffic: 1.5,
      gainVipTime: 0,
      weight: 5,
      desc: '',
      hasDiscountCoupon: true,
      discountValue: 0.8,
      discountDuration: 7,
      photoUrl: PNG_DATA_URL,
    });
  },
};

const refused = apiSequence('yunying/prize/update', [{ data: null, code: Codes.INVALID_PAYLOAD, msg: '图片无效' }]);

/** Editing keeps the id and the image; a refusal shows 配置奖品失败: with the server's message. */
export const EditRefused: Story = {
  parameters: { msw: [refused.handler, listHandler] },
  play: async ({ canvasElement }) => {
    const [, second] = await list(canvasElement);
    await userEvent.click(within(second!).getByRole('button', { name: '编辑' }));
    const form = within(await dialog('编辑奖品'));
    await expect(form.getByRole('checkbox', { name: '发放折扣券' })).toBeChecked();
    await expect(form.getByLabelText('折扣')).toHaveValue(0.8);
    // 3 / 20
    await expect(form.getByText(/中奖概率 15\.00%/)).toBeVisible();
    await save(form);
    await expectToast('配置奖品失败:图片无效');
    await expect(refused.calls.at(-1)).toMatchObject({ _id: storyPrizes[1]!._id, name: '二等奖', weight: 3 });
  },
};

const removed = apiSequence('yunying/prize/delete', [
  { data: null, code: Codes.NOT_FOUND, msg: '奖品不存在' },
  { data: {} },
]);

/** 删除 asks first; a failure is 删除失败: and the message, a success 删除成功. */
export const Delete: Story = {
  parameters: { msw: [removed.handler, listHandler] },
  play: async ({ canvasElement }) => {
    const [first] = await list(canvasElement);
    await userEvent.click(within(first!).getByRole('button', { name: '删除' }));
    await confirm();
    await expectToast('删除失败:奖品不存在');
    await userEvent.click(within(first!).getByRole('button', { name: '删除' }));
    await confirm();
    await expectToast('删除成功');
    await expect(removed.calls).toEqual([{ id: storyPrizes[0]!._id }, { id: storyPrizes[0]!._id }]);
  },
};

/** No prize yet: zeros above an empty table (暂无记录), and 新增 is offered. */
export const Empty: Story = {
  parameters: { msw: [apiHandler('yunying/prize/list', [])] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('暂无记录')).toBeVisible();
    await expect(canvas.getByTestId('prize-total-weight')).toHaveTextContent('0');
    await expect(canvas.getByTestId('prize-win-rate')).toHaveTextContent('0.00%');
    await expect(canvas.getByRole('button', { name: '新增' })).toBeEnabled();
  },
};

/** The list fails: the server's message with 重试. */
export const LoadError: Story = {
  parameters: { msw: [apiHandler('yunying/prize/list', null, Codes.UNAVAILABLE, '服务暂时不可用，请稍后再试')] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('服务暂时不可用，请稍后再试')).toBeVisible();
    await expect(canvas.getByRole('button', { name: '重试' })).toBeVisible();
    await expect(page().queryByRole('dialog')).toBeNull();
  },
};

/** Operations staff manage prizes too; the audit log (admins only) is not linked for them. */
export const AsOperations: Story = {
  loaders: [() => prepareAdmin('yunying')],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await list(canvasElement)).toHaveLength(3);
    await expect(canvas.getByRole('button', { name: '新增' })).toBeEnabled();
    await expect(canvas.queryByRole('link', { name: '审计日志' })).toBeNull();
  },
};
