import type { AdminUserWallet, AdminWithdrawal } from '@portal/contracts';
import { apiHandler, apiSequence } from '@portal/storybook/api-mocks';
import { expect, expectToast, userEvent, waitFor, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import { asAdmin, dialog, page, prepareStaff, rows, rowWith } from '../test/story-fixtures';
import ChargePage from './charge-page';

const TRC20 = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const ERC20 = '0xdAC17F958D2ee523a2206206994597C13D831ec7';

const open: AdminWithdrawal = {
  _id: '665f1c2ab7e4d90012a3d001',
  uid: '665f1c2ab7e4d90012a3b001',
  email: 'alice@example.com',
  money: 523.45,
  status: 'request',
  requestTime: '2026-03-02T08:30:00.000Z',
  paidTime: null,
  msg: '',
  txid: '',
  addressType: 'USDT-TRC20',
  address: TRC20,
  heldUntil: '2026-03-03T08:00:00.000Z',
  note: '收款地址于 2026-03-02T08:00:00.000Z 修改，24 小时内申请的提现已暂缓结算，请先与用户核实',
};

const paid: AdminWithdrawal = {
  _id: '665f1c2ab7e4d90012a3d002',
  uid: '665f1c2ab7e4d90012a3b002',
  email: 'bob@example.com',
  money: 800,
  status: 'paid',
  requestTime: '2026-03-01T02:00:00.000Z',
  paidTime: '2026-03-01T10:15:00.000Z',
  msg: '<img src=x onerror=alert(1)>已转账',
  txid: '9f8e7d6c5b4a',
  addressType: 'USDT-ERC20',
  address: ERC20,
  heldUntil: null,
  note: '',
};

const wallet: AdminUserWallet = { money: 12.3, addressType: 'USDT-TRC20', address: TRC20 };

const settled = apiSequence('admin/charge/checkout_charge', [
  { data: { ...open, status: 'paid', txid: 'tx-1' } },
  { code: 1012, msg: '该提现已结算', data: null },
]);
const messaged = apiSequence('admin/charge/message', [{ data: {} }, { code: 4001, msg: '请求参数错误', data: null }]);

const meta = {
  title: 'mf-admin/Screens/ChargePage',
  component: ChargePage,
  ...asAdmin,
  parameters: {
    route: '/admin_charge',
    msw: [
      apiHandler('admin/charge/charge_list', [open, paid]),
      apiHandler('admin/charge/wallet', wallet),
      settled.handler,
      messaged.handler,
    ],
  },
} satisfies Meta<typeof ChargePage>;

export default meta;
type Story = StoryObj<typeof meta>;

const rowOf = (canvas: HTMLElement, email: string) => rowWith(canvas, 'charges', email);

/** The dialog closed after its success (before the same dialog is opened again). */
const closed = () => waitFor(() => expect(page().queryByRole('dialog')).toBeNull(), { timeout: 5000 });

/**
 * Newest first; the amount in yuan, 待结算 / 已结算, both times, the message as text (markup is not
 * rendered), the txid and the address of the request. 结算 and 详情 only while the request is open.
 */
export const Columns: Story = {
  play: async ({ canvasElement }) => {
    const [first, second] = await rows(canvasElement, 'charges');
    await expect(first).toHaveTextContent('alice@example.com');
    await expect(first).toHaveTextContent('523.45');
    await expect(first).toHaveTextContent('待结算');
    await expect(first).toHaveTextContent(TRC20);
    await expect(second).toHaveTextContent('已结算');
    await expect(second).toHaveTextContent('9f8e7d6c5b4a');
    await expect(second).toHaveTextContent('800.00');
    await userEvent.click(within(second!).getByText('查看留言'));
    await expect(within(second!).getByText('<img src=x onerror=alert(1)>已转账')).toBeVisible();
    await expect(second!.querySelector('img')).toBeNull();
    await expect(within(first!).getByRole('button', { name: '结算' })).toBeVisible();
    await expect(within(first!).getByRole('button', { name: '详情' })).toBeVisible();
    await expect(within(second!).queryByRole('button', { name: '结算' })).toBeNull();
    await expect(within(second!).queryByRole('button', { name: '详情' })).toBeNull();
    await expect(within(second!).getByRole('button', { name: '留言' })).toBeVisible();
  },
};

/** Staff who may read withdrawals but not settle them (a finance reader): no 结算 or 留言; 详情 stays. */
export const ReadOnly: Story = {
  loaders: [() => prepareStaff('财务只读', ['withdrawals.read'])],
  play: async ({ canvasElement }) => {
    const [first] = await rows(canvasElement, 'charges');
    await expect(within(first!).getByRole('button', { name: '详情' })).toBeVisible();
    await expect(within(first!).queryByRole('button', { name: '结算' })).toBeNull();
    await expect(within(first!).queryByRole('button', { name: '留言' })).toBeNull();
  },
};

/**
 * The settle dialog: the txid is required (nothing is sent without it), then 结算成功; settling
 * again shows 结算失败 with the server's message.
 */
export const SettleDialog: Story = {
  play: async ({ canvasElement }) => {
    const before = settled.calls.length;
    await userEvent.click(
      within(await rowOf(canvasElement, 'alice@example.com')).getByRole('button', { name: '结算' }),
    );
    const form = within(await dialog('结算 · alice@example.com · ¥523.45'));
    await userEvent.click(form.getByRole('button', { name: '保存' }));
    await expect(settled.calls).toHaveLength(before);
    await userEvent.type(form.getByLabelText('交易哈希（txid）'), '  tx-1 ');
    await userEvent.click(form.getByRole('button', { name: '保存' }));
    await expectToast('结算成功');
    await expect(settled.calls.at(-1)).toEqual({ charge_id: open._id, txid: 'tx-1' });
    await closed();

    await userEvent.click(
      within(await rowOf(canvasElement, 'alice@example.com')).getByRole('button', { name: '结算' }),
    );
    const again = within(await dialog('结算 · alice@example.com · ¥523.45'));
    await userEvent.type(again.getByLabelText('交易哈希（txid）'), 'tx-2');
    await userEvent.click(again.getByRole('button', { name: '保存' }));
    await expectToast('结算失败:该提现已结算');
  },
};

/** 详情: the user's wallet (money, address type, address) fetched when opened. */
export const WalletDetail: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(
      within(await rowOf(canvasElement, 'alice@example.com')).getByRole('button', { name: '详情' }),
    );
    const box = within(await dialog('钱包 · alice@example.com'));
    await expect(await box.findByText(TRC20)).toBeVisible();
    await expect(box.getByText('USDT-TRC20')).toBeVisible();
    await expect(box.getByText('12.30')).toBeVisible();
  },
};

/**
 * The message dialog starts from the current message; 留言成功 on success. A failure shows no
 * toast (spec-2 §8) but stays in the dialog, with the operator's text kept.
 */
export const MessageDialog: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(await rowOf(canvasElement, 'bob@example.com')).getByRole('button', { name: '留言' }));
    const form = within(await dialog('留言 · bob@example.com'));
    const text = form.getByLabelText('留言');
    await expect(text).toHaveValue(paid.msg);
    await userEvent.clear(text);
    await userEvent.type(text, '请核对地址');
    await userEvent.click(form.getByRole('button', { name: '保存' }));
    await expectToast('留言成功');
    await expect(messaged.calls.at(-1)).toEqual({ charge_id: paid._id, msg: '请核对地址' });
    await closed();

    await userEvent.click(within(await rowOf(canvasElement, 'bob@example.com')).getByRole('button', { name: '留言' }));
    const failing = within(await dialog('留言 · bob@example.com'));
    await userEvent.type(failing.getByLabelText('留言'), '再次留言');
    await userEvent.click(failing.getByRole('button', { name: '保存' }));
    await expect(await failing.findByTestId('charge-message-failure')).toHaveTextContent('留言失败:请求参数错误');
    // Only the dialog says it: no toast repeats it.
    await expect(page().getAllByText('留言失败:请求参数错误')).toHaveLength(1);
    await expect(failing.getByLabelText('留言')).toHaveValue(`${paid.msg}再次留言`);
  },
};
