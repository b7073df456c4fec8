import { Box } from '@chakra-ui/react';
import { Codes, userMessages, type Wallet, type WalletSpendRecord, type WithdrawalRecord } from '@portal/contracts';
import { apiHandler, apiSequence, pendingHandler } from '@portal/storybook/api-mocks';
import { expect, userEvent, waitFor, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import { demoUser, expectShown, expectToast, prepare, userLoadFailed } from '../test/story-fixtures';
import WalletPage from './wallet-page';

const TRC20 = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const TXID = '9f1c2ab7e4d90012a3e0c1d2e3f4a5b6c7d8e9f00112233445566778899aabbc';

// 532.5 yuan withdrawable (rebates) and 80 yuan of shop credit (a payment after its order closed).
const wallet = (overrides: Partial<Wallet> = {}): Wallet => ({
  money: 612.5,
  withdrawable_money: 532.5,
  address: TRC20,
  addressType: 'USDT-TRC20',
  min_charge_money: 500,
  ...overrides,
});
const emptyWallet = wallet({ money: 0, withdrawable_money: 0, address: '', addressType: '' });

const withdrawal = (overrides: Partial<WithdrawalRecord> = {}): WithdrawalRecord => ({
  _id: '665f1c2ab7e4d90012a3f001',
  money: 600,
  msg: '',
  requestTime: '2026-11-20T08:30:00.000Z',
  left: 0,
  status: 'request',
  txid: '',
  paidTime: null,
  addressType: 'USDT-TRC20',
  address: TRC20,
  ...overrides,
});

const storyWithdrawals: WithdrawalRecord[] = [
  withdrawal({ _id: '665f1c2ab7e4d90012a3f002', money: 520, requestTime: '2026-11-22T02:00:00.000Z', left: 12.5 }),
  withdrawal({
    status: 'paid',
    txid: TXID,
    paidTime: '2026-11-21T09:15:00.000Z',
    // Operator text stays text.
    msg: '已转账，<b>请查收</b>',
  }),
];

const storySpends: WalletSpendRecord[] = [
  {
    spendMoney: 80,
    desc: '订单「月付套餐」已关闭，支付的 80 元已存入购物余额',
    time: '2026-11-24T10:00:00.000Z',
    left: 612.5,
    withdrawable: 0,
    fund: 'credit',
  },
  {
    spendMoney: 32.5,
    desc: '邀请返利',
    time: '2026-11-23T10:00:00.000Z',
    left: 532.5,
    withdrawable: 32.5,
    fund: 'withdrawable',
  },
  {
    spendMoney: -520,
    desc: '提现',
    time: '2026-11-22T02:00:00.000Z',
    left: 500,
    withdrawable: -520,
    fund: 'withdrawable',
  },
  {
    spendMoney: -18,
    desc: '购买 月付套餐',
    time: '2026-11-21T12:00:00.000Z',
    left: 1020,
    withdrawable: -8,
    fund: 'mixed',
  },
];

const filled = [
  apiHandler('wallet/mywallet', wallet()),
  apiHandler('wallet/charge_list', storyWithdrawals),
  apiHandler('wallet/spend_list', storySpends),
];

const meta = {
  title: 'mf-user/WalletPage',
  component: WalletPage,
  loaders: [() => prepare(demoUser())],
  parameters: { route: '/wallet' },
} satisfies Meta<typeof WalletPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A new user: 0.000, no address (withdraw asks for one first), both lists 暂无记录. */
export const EmptyWalletNoAddress: Story = {
  parameters: {
    msw: [
      apiHandler('wallet/mywallet', emptyWallet),
      apiHandler('wallet/charge_list', []),
      apiHandler('wallet/spend_list', []),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('wallet-balance')).toHaveTextContent('0.000');
    await expect(canvas.getByText('尚未设置收款地址')).toBeVisible();
    await waitFor(() => expect(canvas.getAllByText('暂无记录')).toHaveLength(2));
    await userEvent.click(canvas.getByRole('button', { name: '申请提现' }));
    await expectToast('请先填写并确认您的收款地址');
  },
};

/**
 * An address and records: the balance apart as 可提现 and 购物余额, a pending request and a paid one
 * with its txid and the operator's message, each ledger line with the money it moved.
 */
export const WithAddressAndRecords: Story = {
  parameters: { msw: filled },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('wallet-balance')).toHaveTextContent('612.500');
    await expect(canvas.getByTestId('wallet-withdrawable')).toHaveTextContent('532.500');
    await expect(canvas.getByTestId('wallet-shop-credit')).toHaveTextContent('80.000');
    await expect(canvas.getByTestId('wallet-current-address')).toHaveTextContent(TRC20);
    const records = await canvas.findAllByTestId('withdrawal-record');
    await expect(records).toHaveLength(2);
    await expect(within(records[0]!).getByTestId('withdrawal-status')).toHaveTextContent('待结算');
    await expect(within(records[0]!).queryByTestId('withdrawal-txid')).toBeNull();
    await expect(within(records[1]!).getByTestId('withdrawal-status')).toHaveTextContent('已结算');
    await expect(within(records[1]!).getByTestId('withdrawal-txid')).toHaveTextContent(TXID);
    await expect(within(records[1]!).getByText('已转账，<b>请查收</b>')).toBeVisible();
    await expect(records[1]!.querySelector('b')).toBeNull();
    const spends = await canvas.findAllByTestId('spend-record');
    await expect(spends).toHaveLength(4);
    await expect(spends[0]).toHaveTextContent('+¥80.00');
    await expect(within(spends[0]!).getByTestId('spend-record-fund')).toHaveTextContent('购物余额');
    await expect(spends[1]).toHaveTextContent('+¥32.50');
    await expect(spends[1]).toHaveTextContent('已到账');
    await expect(within(spends[1]!).getByTestId('spend-record-fund')).toHaveTextContent('可提现');
    await expect(spends[2]).toHaveTextContent('-¥520.00');
    await expect(within(spends[3]!).getByTestId('spend-record-fund')).toHaveTextContent('购物余额 + 可提现');
  },
};

const saveAddress = apiSequence('wallet/change_reward_adress', [{ data: null }]);

/** A TRC20 address of the wrong form is refused in the page, before any call. */
export const BadTrc20Address: Story = {
  parameters: {
    msw: [
      saveAddress.handler,
      apiHandler('wallet/mywallet', emptyWallet),
      apiHandler('wallet/charge_list', []),
      apiHandler('wallet/spend_list', []),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const address = await canvas.findByLabelText('收款地址');
    await userEvent.selectOptions(canvas.getByLabelText('地址类型'), 'USDT-TRC20');
    // An ERC20 address under TRC20, then a T-address one character short.
    await userEvent.type(address, `0x${'a'.repeat(40)}`);
    await userEvent.click(canvas.getByRole('button', { name: '保存收款地址' }));
    await expect(await canvas.findByText('收款地址格式不正确（USDT-TRC20）')).toBeVisible();
    await userEvent.clear(address);
    await userEvent.type(address, TRC20.slice(0, -1));
    await userEvent.click(canvas.getByRole('button', { name: '保存收款地址' }));
    await expect(await canvas.findByText('收款地址格式不正确（USDT-TRC20）')).toBeVisible();
    await expect(saveAddress.calls).toHaveLength(0);
  },
};

const savedWithPassword = apiSequence('wallet/change_reward_adress', [
  { data: null, code: Codes.PASSWORD_WRONG, msg: '当前密码错误' },
  { data: {} },
]);

/**
 * A valid address opens the password dialog: empty is refused in the page, a wrong password (1113)
 * under the field with the dialog still open, the right one saves (收款地址已保存).
 */
export const SaveAddressWithPassword: Story = {
  parameters: {
    msw: [
      savedWithPassword.handler,
      apiHandler('wallet/mywallet', emptyWallet),
      apiHandler('wallet/charge_list', []),
      apiHandler('wallet/spend_list', []),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText('收款地址'), TRC20);
    await userEvent.click(canvas.getByRole('button', { name: '保存收款地址' }));
    const dialog = within(
      await expectShown(() => within(document.body).findByRole('dialog', { name: '确认修改收款地址' })),
    );
    await expect(dialog.getByText(new RegExp(TRC20))).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: '确认修改' }));
    await expect(await dialog.findByText('请输入当前密码')).toBeVisible();
    await expect(savedWithPassword.calls).toHaveLength(0);
    await userEvent.type(dialog.getByLabelText('当前密码'), 'not-my-password');
    await userEvent.click(dialog.getByRole('button', { name: '确认修改' }));
    await expect(await dialog.findByText('当前密码错误')).toBeVisible();
    await userEvent.clear(dialog.getByLabelText('当前密码'));
    await userEvent.type(dialog.getByLabelText('当前密码'), 'my-password-1');
    await userEvent.click(dialog.getByRole('button', { name: '确认修改' }));
    await expectToast('收款地址已保存');
    await expect(savedWithPassword.calls).toEqual([
      { addressType: 'USDT-TRC20', address: TRC20, password: 'not-my-password' },
      { addressType: 'USDT-TRC20', address: TRC20, password: 'my-password-1' },
    ]);
    await waitFor(() => expect(within(document.body).queryByRole('dialog', { name: '确认修改收款地址' })).toBeNull());
  },
};

/**
 * 620 yuan with an address, minimum 500, but only 120 withdrawable (the rest is shop credit): the
 * spec's refusal, no dialog.
 */
export const WithdrawBelowMinimum: Story = {
  parameters: {
    msw: [
      apiHandler('wallet/mywallet', wallet({ money: 620, withdrawable_money: 120 })),
      apiHandler('wallet/charge_list', []),
      apiHandler('wallet/spend_list', []),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('wallet-balance')).toHaveTextContent('620.000');
    await expect(canvas.getByTestId('wallet-withdrawable')).toHaveTextContent('120.000');
    await userEvent.click(canvas.getByRole('button', { name: '申请提现' }));
    await expectToast('申请提现失败，最低提现金额:500元');
    await expect(within(document.body).queryByRole('alertdialog')).toBeNull();
  },
};

const request = withdrawal({ money: 532.5, left: 80 });
const charged = apiSequence('wallet/make_charge', [{ data: request }]);
const walletBeforeAfter = apiSequence('wallet/mywallet', [
  { data: wallet() },
  { data: wallet({ money: 80, withdrawable_money: 0 }) },
]);
const chargesBeforeAfter = apiSequence<WithdrawalRecord[]>('wallet/charge_list', [{ data: [] }, { data: [request] }]);

/**
 * Confirm → make_charge of the withdrawable money only (shop credit stays) → the page reloads:
 * 80.000 of shop credit left and a 待结算 request.
 */
export const WithdrawConfirmSuccess: Story = {
  parameters: {
    msw: [charged.handler, walletBeforeAfter.handler, chargesBeforeAfter.handler, apiHandler('wallet/spend_list', [])],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('wallet-balance')).toHaveTextContent('612.500');
    await userEvent.click(canvas.getByRole('button', { name: '申请提现' }));
    const dialog = await expectShown(() => within(document.body).findByRole('alertdialog'));
    await expect(dialog).toHaveTextContent('532.500');
    await expect(dialog).toHaveTextContent(TRC20);
    await userEvent.click(within(dialog).getByRole('button', { name: '确认提现' }));
    await expectToast('提现申请已提交，请等待结算');
    await waitFor(() => expect(canvas.getByTestId('wallet-balance')).toHaveTextContent('80.000'));
    await expect(canvas.getByTestId('wallet-withdrawable')).toHaveTextContent('0.000');
    await expect(await canvas.findByTestId('withdrawal-status')).toHaveTextContent('待结算');
    await expect(charged.calls).toEqual([{ money: 532.5 }]);
  },
};

const OPEN_REQUEST = '您已有一笔提现正在等待结算，请结算后再申请';

/** The server refuses with 1012: its message is shown. */
export const WithdrawRefused1012: Story = {
  parameters: {
    msw: [apiHandler('wallet/make_charge', null, Codes.WITHDRAW_REFUSED, OPEN_REQUEST), ...filled],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('wallet-balance')).toHaveTextContent('612.500');
    await userEvent.click(canvas.getByRole('button', { name: '申请提现' }));
    const dialog = await expectShown(() => within(document.body).findByRole('alertdialog'));
    await userEvent.click(within(dialog).getByRole('button', { name: '确认提现' }));
    await expectToast(OPEN_REQUEST);
  },
};

const walletFailsThenLoads = apiSequence('wallet/mywallet', [
  { data: null, code: Codes.INTERNAL, msg: '服务器开小差了' },
  { data: wallet() },
]);

/** The wallet fails to load: the server's message and 重试, which loads it. */
export const LoadErrorWithRetry: Story = {
  parameters: {
    msw: [walletFailsThenLoads.handler, apiHandler('wallet/charge_list', []), apiHandler('wallet/spend_list', [])],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('钱包加载失败')).toBeVisible();
    await expect(canvas.getByText('服务器开小差了')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: '重试' }));
    await expect(await canvas.findByTestId('wallet-balance')).toHaveTextContent('612.500');
  },
};

/**
 * A session exists but the user could not be loaded (the network): the page says so with a retry,
 * and does not send a signed-in user to log in. The retry loads the user, then the wallet.
 */
export const SessionLoadFailed: Story = {
  ...userLoadFailed,
  parameters: {
    msw: [...filled, apiHandler('user/userinfo', demoUser()), apiHandler('permission/mypermissions', [])],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(userMessages.dashboard.loadFailed)).toBeVisible();
    await expect(canvas.queryByText('请登录后查看钱包')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: '重试' }));
    await expect(await canvas.findByTestId('wallet-balance')).toHaveTextContent('612.500');
  },
};

export const Loading: Story = {
  parameters: {
    msw: [pendingHandler('wallet/mywallet'), pendingHandler('wallet/charge_list'), pendingHandler('wallet/spend_list')],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('wallet-loading')).toBeVisible();
    await expect(canvas.getByTestId('wallet-withdrawals-loading')).toBeVisible();
  },
};

/** 390 px wide (a phone): records as cards, long addresses and txids wrap, nothing scrolls sideways. */
export const Phone: Story = {
  parameters: { msw: filled },
  decorators: [
    (Story) => (
      <Box w="390px" borderWidth="1px" data-testid="phone-frame">
        <Story />
      </Box>
    ),
  ],
  play: async (context) => {
    await WithAddressAndRecords.play!(context);
    const frame = within(context.canvasElement).getByTestId('phone-frame');
    // Sub-pixel rounding may add 1 px; anything more would be content wider than the phone.
    await expect(frame.scrollWidth).toBeLessThanOrEqual(frame.clientWidth + 1);
  },
};
