import { Box } from '@chakra-ui/react';
import { Codes, type FeedbackComment, type FeedbackTicket, type FeedbackTicketDetail } from '@portal/contracts';
import { apiHandler, apiSequence, pendingHandler } from '@portal/storybook/api-mocks';
import { expect, userEvent, waitFor, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import { demoUser, expectShown, expectToast, prepare } from '../test/story-fixtures';
import FeedbackPage from './feedback-page';

/** 1×1 images, served as the "uploaded" screenshots. */
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const PNG_ADMIN =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

/** User text with markup: it must show as these characters, never as elements. */
const MARKUP_TITLE = '<img src=x onerror=alert(1)>无法连接';
const MARKUP_TEXT = '<script>alert(1)</script>\n<b>第二行</b>';

const ticket = (overrides: Partial<FeedbackTicket> = {}): FeedbackTicket => ({
  _id: '665f1c2ab7e4d90012a3e001',
  title: '所有节点都连不上',
  desc: '今天早上开始所有节点都连不上，Clash 显示超时。',
  imageUrl: '',
  status: 'open',
  createTime: '2026-11-20T08:30:00.000Z',
  updateTime: '2026-11-20T08:30:00.000Z',
  email: 'demo@example.com',
  lastCommentType: null,
  commentCount: 0,
  ...overrides,
});

const comment = (overrides: Partial<FeedbackComment> = {}): FeedbackComment => ({
  type: 'ADMIN',
  text: '请更新订阅后重试。',
  imageUrl: '',
  updateTime: '2026-11-20T09:00:00.000Z',
  ...overrides,
});

const detail = (base: FeedbackTicket, comments: FeedbackComment[]): FeedbackTicketDetail => ({
  ...base,
  comments,
  commentCount: comments.length,
  lastCommentType: comments.at(-1)?.type ?? null,
});

const answered = ticket({
  _id: '665f1c2ab7e4d90012a3e002',
  title: '支付后没有到账',
  lastCommentType: 'ADMIN',
  commentCount: 1,
  createTime: '2026-11-21T10:00:00.000Z',
});
const waiting = ticket({
  _id: '665f1c2ab7e4d90012a3e003',
  title: '想换绑邮箱',
  createTime: '2026-11-22T10:00:00.000Z',
});
const closed = ticket({
  _id: '665f1c2ab7e4d90012a3e004',
  title: '已解决的问题',
  status: 'close',
  lastCommentType: 'ADMIN',
});
const userTickets = [answered, waiting, closed];

const withImages = detail(ticket({ imageUrl: PNG }), [
  comment({ type: 'USER', text: '补充：用的是 Clash Verge。', updateTime: '2026-11-20T08:40:00.000Z' }),
  comment({ text: '请按截图更新订阅。', imageUrl: PNG_ADMIN }),
]);

const meta = {
  title: 'mf-user/FeedbackPage',
  component: FeedbackPage,
  loaders: [() => prepare(demoUser())],
  parameters: { route: '/feedback' },
} satisfies Meta<typeof FeedbackPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const rows = (canvas: ReturnType<typeof within>) => canvas.findAllByTestId('ticket-row');

export const Loading: Story = {
  parameters: { msw: [pendingHandler('feedback/my_list')] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('ticket-list-loading')).toBeVisible();
  },
};

/** No tickets yet: 暂无记录 and the create button. */
export const Empty: Story = {
  parameters: { msw: [apiHandler('feedback/my_list', [])] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('暂无记录')).toBeVisible();
    await expect(canvas.getByRole('button', { name: '提交工单' })).toBeVisible();
  },
};

const failsThenLoads = apiSequence('feedback/my_list', [
  { data: null, code: Codes.INTERNAL, msg: '服务器开小差了' },
  { data: userTickets },
]);

/** The list fails: the server's message and 重试, which loads it. */
export const LoadError: Story = {
  parameters: { msw: [failsThenLoads.handler] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('工单加载失败')).toBeVisible();
    await expect(canvas.getByText('服务器开小差了')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: '重试' }));
    await expect(await rows(canvas)).toHaveLength(3);
  },
};

/** A user's tickets: 已回复 (an admin spoke last), 处理中, 已关闭; no creator column for users. */
export const Filled: Story = {
  parameters: { msw: [apiHandler('feedback/my_list', userTickets)] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await rows(canvas);
    await expect(list).toHaveLength(3);
    await expect(within(list[0]!).getByTestId('ticket-status')).toHaveTextContent('已回复');
    await expect(within(list[1]!).getByTestId('ticket-status')).toHaveTextContent('处理中');
    await expect(within(list[2]!).getByTestId('ticket-status')).toHaveTextContent('已关闭');
    await expect(canvas.queryByText(/创建者/)).toBeNull();
    await expect(canvas.getByText('共 3 条')).toBeVisible();
  },
};

const many = Array.from({ length: 23 }, (_, i) =>
  ticket({ _id: `665f1c2ab7e4d90012a3f${String(i).padStart(3, '0')}`, title: `工单 ${i + 1}` }),
);

/** 23 tickets: 20 a page first, 5 a page on request, the next page. */
export const Paging: Story = {
  parameters: { msw: [apiHandler('feedback/my_list', many)] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await rows(canvas)).toHaveLength(20);
    await expect(canvas.getByText('第 1 / 2 页')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: '5' }));
    await waitFor(() => expect(canvas.getAllByTestId('ticket-row')).toHaveLength(5));
    await expect(canvas.getByText('第 1 / 5 页')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: '下一页' }));
    await expect(await canvas.findByText('工单 6')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: '全部' }));
    await waitFor(() => expect(canvas.getAllByTestId('ticket-row')).toHaveLength(23));
  },
};

/** Markup in titles and comments shows as its characters (QUALITY 5): no element is made of it. */
export const MarkupStaysText: Story = {
  parameters: {
    route: `/feedback?ticket=${waiting._id}`,
    msw: [
      apiHandler('feedback/my_list', [ticket({ title: MARKUP_TITLE })]),
      apiHandler(
        'feedback/refresh',
        detail(ticket({ title: MARKUP_TITLE, desc: MARKUP_TEXT }), [comment({ text: MARKUP_TEXT })]),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('ticket-title')).toHaveTextContent(MARKUP_TITLE);
    const texts = canvas.getAllByTestId('ticket-message-text');
    await expect(texts).toHaveLength(2);
    for (const text of texts) await expect(text.textContent).toBe(MARKUP_TEXT);
    const detailView = canvas.getByTestId('ticket-detail');
    await expect(detailView.querySelector('script, b, img[src="x"]')).toBeNull();
  },
};

/** The detail of an answered ticket: both sides, their times, the user's and the admin's images. */
export const DetailWithImages: Story = {
  parameters: {
    route: `/feedback?ticket=${withImages._id}`,
    msw: [apiHandler('feedback/my_list', userTickets), apiHandler('feedback/refresh', withImages)],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const messages = await canvas.findAllByTestId('ticket-message');
    await expect(messages.map((m) => m.dataset.side)).toEqual(['USER', 'USER', 'ADMIN']);
    await expect(within(messages[0]!).getByTestId('ticket-message-side')).toHaveTextContent('我');
    await expect(within(messages[2]!).getByTestId('ticket-message-side')).toHaveTextContent('管理员');
    await expect(within(messages[0]!).getByRole('img')).toHaveAttribute('src', PNG);
    await expect(within(messages[2]!).getByRole('img', { name: '管理员上传的图片' })).toHaveAttribute('src', PNG_ADMIN);
    await expect(canvas.getByTestId('ticket-status')).toHaveTextContent('已回复');
    await expect(canvas.getByRole('textbox', { name: /回复内容/ })).toBeVisible();
    // Users do not close tickets.
    await expect(canvas.queryByRole('button', { name: '关闭工单' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: /返回列表/ }));
    await expect(await rows(canvas)).toHaveLength(3);
  },
};

/** A closed ticket: 已关闭, no reply box, the note instead. */
export const ClosedTicket: Story = {
  parameters: {
    route: `/feedback?ticket=${closed._id}`,
    msw: [apiHandler('feedback/my_list', userTickets), apiHandler('feedback/refresh', detail(closed, [comment()]))],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('ticket-closed-note')).toHaveTextContent('该工单已关闭，不能继续回复');
    await expect(canvas.getByTestId('ticket-status')).toHaveTextContent('已关闭');
    await expect(canvas.queryByTestId('reply-box')).toBeNull();
  },
};

const replied = detail(waiting, [
  comment({ type: 'USER', text: '还是连不上', updateTime: '2026-11-22T11:00:00.000Z' }),
]);
const replyCalls = apiSequence('feedback/response', [{ data: replied }]);

/** A reply: empty is refused in the page (描述不能为空); sent, the thread shows it and the box clears. */
export const Reply: Story = {
  parameters: {
    route: `/feedback?ticket=${waiting._id}`,
    msw: [
      apiHandler('feedback/my_list', userTickets),
      apiHandler('feedback/refresh', detail(waiting, [])),
      replyCalls.handler,
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const box = await canvas.findByRole('textbox', { name: /回复内容/ });
    await userEvent.click(canvas.getByRole('button', { name: '回复' }));
    await expect(await canvas.findByText('描述不能为空')).toBeVisible();
    await expect(replyCalls.calls).toHaveLength(0);
    await userEvent.type(box, '  还是连不上  ');
    await userEvent.click(canvas.getByRole('button', { name: '回复' }));
    await expectToast('回复成功');
    await expect(replyCalls.calls).toEqual([{ id: waiting._id, desc: '还是连不上', imageUrl: '' }]);
    await waitFor(() => expect(canvas.getAllByTestId('ticket-message')).toHaveLength(2));
    await expect(box).toHaveValue('');
  },
};

/** The admin closed the ticket meanwhile: 1035 shows 该工单已关闭, the ticket reloads and the box goes. */
export const ReplyToClosed1035: Story = {
  parameters: {
    route: `/feedback?ticket=${waiting._id}`,
    msw: [
      apiHandler('feedback/my_list', userTickets),
      apiSequence('feedback/refresh', [
        { data: detail(waiting, []) },
        { data: detail({ ...waiting, status: 'close' }, []) },
      ]).handler,
      apiHandler('feedback/response', null, Codes.TICKET_CLOSED, '该工单已关闭'),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox', { name: /回复内容/ }), '在吗');
    await userEvent.click(canvas.getByRole('button', { name: '回复' }));
    await expectToast('该工单已关闭');
    await expect(await canvas.findByTestId('ticket-closed-note')).toBeVisible();
    await expect(canvas.queryByTestId('reply-box')).toBeNull();
  },
};

/** The create dialog: both fields required (标题不能为空, 描述不能为空), then created and listed. */
const created = detail(ticket({ _id: '665f1c2ab7e4d90012a3e009', title: '新问题' }), []);
const createCalls = apiSequence('feedback/create', [{ data: created }]);
const listBeforeAfter = apiSequence<FeedbackTicket[]>('feedback/my_list', [{ data: [] }, { data: [created] }]);

export const CreateTicket: Story = {
  parameters: { msw: [createCalls.handler, listBeforeAfter.handler] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('暂无记录')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: '提交工单' }));
    const dialog = within(await expectShown(() => within(document.body).findByTestId('create-ticket-dialog')));
    await userEvent.click(dialog.getByRole('button', { name: '提交' }));
    await expect(await dialog.findByText('标题不能为空')).toBeVisible();
    await expect(dialog.getByText('描述不能为空')).toBeVisible();
    await expect(createCalls.calls).toHaveLength(0);
    await userEvent.type(dialog.getByRole('textbox', { name: /标题/ }), '新问题');
    await userEvent.type(dialog.getByRole('textbox', { name: /问题描述/ }), '连不上');
    await expect(dialog.getByRole('button', { name: '上传截图（可选）' })).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: '提交' }));
    await expectToast('工单已提交，请等待回复');
    await expect(createCalls.calls).toEqual([{ title: '新问题', desc: '连不上', imageUrl: '' }]);
    await waitFor(() => expect(canvas.getAllByTestId('ticket-row')).toHaveLength(1));
  },
};

const admin = demoUser({ _id: '665f1c2ab7e4d90012a3c0ad', email: 'admin@example.com', type: 'admin' });
const adminList = [
  ticket({ email: 'alice@example.com', lastCommentType: 'USER', commentCount: 1 }),
  ticket({ _id: '665f1c2ab7e4d90012a3e005', title: '退款问题', email: 'bob@example.com', lastCommentType: 'ADMIN' }),
];

/** An admin: every user's tickets with the creator; 已回复 when the user spoke last (spec-2 §4). */
export const AdminView: Story = {
  loaders: [() => prepare(admin)],
  parameters: { msw: [apiHandler('feedback/my_list', adminList)] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await rows(canvas);
    await expect(list[0]).toHaveTextContent('创建者：alice@example.com');
    await expect(within(list[0]!).getByTestId('ticket-status')).toHaveTextContent('已回复');
    await expect(list[1]).toHaveTextContent('创建者：bob@example.com');
    await expect(within(list[1]!).getByTestId('ticket-status')).toHaveTextContent('处理中');
  },
};

const adminDetail = detail(adminList[0]!, [comment({ type: 'USER', text: '还是不行' })]);
const closeCalls = apiSequence('feedback/close', [{ data: { ...adminDetail, status: 'close' } }]);

/** An admin on a ticket: the creator, 关闭工单; once closed the reply box is gone. */
export const AdminCloses: Story = {
  loaders: [() => prepare(admin)],
  parameters: {
    route: `/feedback?ticket=${adminDetail._id}`,
    msw: [apiHandler('feedback/my_list', adminList), apiHandler('feedback/refresh', adminDetail), closeCalls.handler],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('ticket-creator')).toHaveTextContent('alice@example.com');
    await expect(canvas.getByTestId('reply-box')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: '关闭工单' }));
    await expectToast('工单已关闭');
    await expect(closeCalls.calls).toEqual([{ id: adminDetail._id }]);
    await expect(await canvas.findByTestId('ticket-closed-note')).toBeVisible();
    await expect(canvas.queryByTestId('reply-box')).toBeNull();
    await expect(canvas.queryByRole('button', { name: '关闭工单' })).toBeNull();
  },
};

/** The close call fails: 关闭失败, the ticket stays open. */
export const AdminCloseFails: Story = {
  loaders: [() => prepare(admin)],
  parameters: {
    route: `/feedback?ticket=${adminDetail._id}`,
    msw: [
      apiHandler('feedback/my_list', adminList),
      apiHandler('feedback/refresh', adminDetail),
      apiHandler('feedback/close', null, Codes.INTERNAL, '服务器内部错误'),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: '关闭工单' }));
    await expectToast('关闭失败');
    await expect(canvas.getByTestId('reply-box')).toBeVisible();
  },
};

/** 375 px wide (a phone): the list and a detail with images fit, nothing scrolls sideways. */
export const Phone: Story = {
  parameters: {
    route: `/feedback?ticket=${withImages._id}`,
    msw: [apiHandler('feedback/my_list', userTickets), apiHandler('feedback/refresh', withImages)],
  },
  decorators: [
    (Story) => (
      <Box w="375px" borderWidth="1px" data-testid="phone-frame">
        <Story />
      </Box>
    ),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findAllByTestId('ticket-message')).toHaveLength(3);
    const frame = canvas.getByTestId('phone-frame');
    await expect(frame.scrollWidth).toBeLessThanOrEqual(frame.clientWidth + 1);
    await userEvent.click(canvas.getByRole('button', { name: /返回列表/ }));
    await expect(await rows(canvas)).toHaveLength(3);
    await expect(frame.scrollWidth).toBeLessThanOrEqual(frame.clientWidth + 1);
  },
};
