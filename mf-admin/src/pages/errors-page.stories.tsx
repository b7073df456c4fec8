import { Codes } from '@portal/contracts';
import { apiHandler, apiSequence } from '@portal/storybook/api-mocks';
import { expect, expectToast, userEvent, waitFor, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import { asAdmin, confirm, rows, storyErrors } from '../test/story-fixtures';
import ErrorsPage from './errors-page';

const listed = apiSequence('admin/errors/list', [{ data: storyErrors }]);

const meta = {
  title: 'mf-admin/Screens/ErrorsPage',
  component: ErrorsPage,
  ...asAdmin,
  parameters: { route: '/admin_error', msw: [listed.handler] },
} satisfies Meta<typeof ErrorsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const list = (canvas: HTMLElement) => rows(canvas, 'errors');
const confirmClear = async (canvas: HTMLElement) => {
  await list(canvas);
  await userEvent.click(within(canvas).getByRole('button', { name: '清空日志' }));
  await confirm();
};

/** The last 7 days by default (sent as num); another number in the filter asks again. */
export const LastSevenDays: Story = {
  play: async ({ canvasElement }) => {
    await expect(await list(canvasElement)).toHaveLength(2);
    await expect(listed.calls[0]).toEqual({ num: 7 });
    const days = within(canvasElement).getByLabelText('最近天数');
    await userEvent.clear(days);
    await userEvent.type(days, '30');
    await waitFor(() => expect(listed.calls.at(-1)).toEqual({ num: 30 }));
  },
};

/** 清空日志 asks first, then tells how many records went. */
export const Clear: Story = {
  parameters: { msw: [apiHandler('admin/errors/clear', { deletedCount: 3 }), listed.handler] },
  play: async ({ canvasElement }) => {
    await confirmClear(canvasElement);
    await expectToast('已清理3条错误记录');
  },
};

export const ClearRefused: Story = {
  parameters: { msw: [apiHandler('admin/errors/clear', null, Codes.INTERNAL, '数据库忙'), listed.handler] },
  play: async ({ canvasElement }) => {
    await confirmClear(canvasElement);
    await expectToast('清理失败:数据库忙');
  },
};
