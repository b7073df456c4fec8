import { Box } from '@chakra-ui/react';
import { Codes, type AppleIdAccount } from '@portal/contracts';
import { apiHandler, apiSequence, pendingHandler } from '@portal/storybook/api-mocks';
import { expect, userEvent, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import { demoUser, expectToast, freeUser, prepare } from '../test/story-fixtures';
import AppleIdSharePage from './apple-id-share-page';

const accounts: AppleIdAccount[] = [
  {
    account: 'shared-us-1@icloud.example',
    password: 'Secret-Pass-1',
    region: '美国',
    note: '只在 App Store 登录\n<script>alert(1)</script>',
    status: '可用',
  },
  { account: 'shared-hk-2@icloud.example', password: 'Secret-Pass-2', region: '香港', note: '', status: '已锁定' },
];

const PAID_ONLY = '共享账号仅供付费用户使用，购买任意商品后即可使用';

/**
 * Replaces the clipboard for one story (the headless browser may refuse it): copies succeed and
 * are recorded, or every way of copying fails.
 */
function stubClipboard(works: boolean) {
  const copied: string[] = [];
  const execCommand = document.execCommand.bind(document);
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: {
      writeText: async (text: string) => {
        if (!works) throw new Error('denied');
        copied.push(text);
      },
    },
  });
  document.execCommand = () => works;
  const restore = () => {
    // The own property shadowed Navigator.prototype's getter; removing it brings that back.
    delete (navigator as { clipboard?: unknown }).clipboard;
    document.execCommand = execCommand;
  };
  return { copied, restore };
}

const meta = {
  title: 'mf-user/AppleIdSharePage',
  component: AppleIdSharePage,
  loaders: [() => prepare(demoUser())],
  parameters: { route: '/apple_id_share' },
} satisfies Meta<typeof AppleIdSharePage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A paid user: one card per account with its region, status and note (as text). */
export const Filled: Story = {
  parameters: { msw: [apiHandler('user/apple_ids', accounts)] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const cards = await canvas.findAllByTestId('apple-id-card');
    await expect(cards).toHaveLength(2);
    await expect(within(cards[0]!).getByTestId('apple-id-account')).toHaveTextContent('shared-us-1@icloud.example');
    await expect(within(cards[0]!).getByTestId('apple-id-password')).toHaveTextContent('Secret-Pass-1');
    await expect(within(cards[0]!).getByText('美国')).toBeVisible();
    await expect(within(cards[1]!).getByTestId('apple-id-status')).toHaveTextContent('已锁定');
    await expect(within(cards[0]!).getByText(/<script>alert\(1\)<\/script>/)).toBeVisible();
    await expect(canvasElement.querySelector('[data-testid="apple-id-card"] script')).toBeNull();
  },
};

/** Copying the account and the password: 已复制到剪切板, and the clipboard holds them. */
export const CopySucceeds: Story = {
  parameters: { msw: [apiHandler('user/apple_ids', accounts)] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const clipboard = stubClipboard(true);
    try {
      const [card] = await canvas.findAllByTestId('apple-id-card');
      await userEvent.click(within(card!).getByRole('button', { name: /复制账号/ }));
      await expectToast('已复制到剪切板');
      await userEvent.click(within(card!).getByRole('button', { name: /复制密码/ }));
      await expect(clipboard.copied).toEqual(['shared-us-1@icloud.example', 'Secret-Pass-1']);
    } finally {
      clipboard.restore();
    }
  },
};

/** The browser refuses every way of copying: 复制失败, 请手动复制 (10 s). */
export const CopyFails: Story = {
  parameters: { msw: [apiHandler('user/apple_ids', accounts)] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const clipboard = stubClipboard(false);
    try {
      const [card] = await canvas.findAllByTestId('apple-id-card');
      await userEvent.click(within(card!).getByRole('button', { name: /复制密码/ }));
      await expectToast('复制失败, 请手动复制');
    } finally {
      clipboard.restore();
    }
  },
};

/** A free user: the server refuses (1112); the explanation as a toast and in the page, no card. */
export const NotPaid: Story = {
  loaders: [() => prepare(freeUser())],
  parameters: { msw: [apiHandler('user/apple_ids', {}, Codes.APPLE_ID_PAID_ONLY, PAID_ONLY)] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectToast(PAID_ONLY);
    await expect(canvas.getByTestId('apple-id-paid-only')).toHaveTextContent(PAID_ONLY);
    await expect(canvas.getByRole('link', { name: '去购买' })).toBeVisible();
    await expect(canvas.queryByTestId('apple-id-card')).toBeNull();
  },
};

/** A visitor: 请您登录后再进行尝试, and nothing is asked of the server. */
export const NotLoggedIn: Story = {
  loaders: [() => prepare(null)],
  parameters: { msw: [apiHandler('user/apple_ids', accounts)] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectToast('请您登录后再进行尝试');
    await expect(canvas.getByTestId('apple-id-login-first')).toBeVisible();
    await expect(canvas.getByRole('link', { name: '去登录' })).toBeVisible();
    await expect(canvas.queryByTestId('apple-id-card')).toBeNull();
  },
};

const failsThenLoads = apiSequence<AppleIdAccount[] | null>('user/apple_ids', [
  { data: null, code: Codes.INTERNAL, msg: '服务器开小差了' },
  { data: accounts },
]);

/** The check fails: 请稍后重试 (10 s), the error with 重试, which loads the accounts. */
export const LoadErrorWithRetry: Story = {
  parameters: { msw: [failsThenLoads.handler] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectToast('请稍后重试');
    await expect(await canvas.findByText('共享账号加载失败')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: '重试' }));
    await expect(await canvas.findAllByTestId('apple-id-card')).toHaveLength(2);
  },
};

/** The operator has listed no account yet: 暂无记录. */
export const Empty: Story = {
  parameters: { msw: [apiHandler('user/apple_ids', [])] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('暂无记录')).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: [pendingHandler('user/apple_ids')] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('apple-id-loading')).toBeVisible();
  },
};

/** 390 px wide (a phone): cards in one column, long accounts wrap, nothing scrolls sideways. */
export const Phone: Story = {
  parameters: { msw: [apiHandler('user/apple_ids', accounts)] },
  decorators: [
    (Story) => (
      <Box w="390px" borderWidth="1px" data-testid="phone-frame">
        <Story />
      </Box>
    ),
  ],
  play: async (context) => {
    await Filled.play!(context);
    const frame = within(context.canvasElement).getByTestId('phone-frame');
    await expect(frame.scrollWidth).toBeLessThanOrEqual(frame.clientWidth + 1);
  },
};
