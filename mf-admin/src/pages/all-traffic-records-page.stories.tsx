import { GiB, type AdminTrafficRecord } from '@portal/contracts';
import { apiSequence } from '@portal/storybook/api-mocks';
import { expect, userEvent, waitFor, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import { asAdmin, rows } from '../test/story-fixtures';
import AllTrafficRecordsPage from './all-traffic-records-page';

function record(overrides: Partial<AdminTrafficRecord>): AdminTrafficRecord {
  return {
    _id: '1',
    uid: '665f1c2ab7e4d90012a3e101',
    email: 'heavy@example.com',
    day: '2026-11-24',
    type: 'spend',
    trafficChange: -12 * GiB,
    allSpend: 40 * GiB,
    allTraffic: 100 * GiB,
    updateTime: '2026-11-24T10:00:00.000Z',
    ...overrides,
  };
}

/** Spend records as the BFF sorts them: the largest spend first. */
const spends = [
  record({}),
  record({ _id: '2', uid: '665f1c2ab7e4d90012a3e102', email: 'light@example.com', trafficChange: -GiB / 2 }),
];
const everything = [
  record({ _id: '3', type: 'sign_use', email: 'daily@example.com', trafficChange: 300 * 1024 * 1024 }),
  ...spends,
  record({ _id: '4', type: 'buy', email: 'buyer@example.com', trafficChange: 100 * GiB }),
];
/** Every type first, then (after the type is chosen) the spend records. */
const byType = apiSequence('admin/traffic_spend/traffic_records', [{ data: everything }, { data: spends }]);
const byDays = apiSequence('admin/traffic_spend/traffic_records', [{ data: everything }]);

const meta = {
  title: 'mf-admin/Screens/AllTrafficRecordsPage',
  component: AllTrafficRecordsPage,
  ...asAdmin,
  parameters: { route: '/all_traffic_records', msw: [byType.handler] },
} satisfies Meta<typeof AllTrafficRecordsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const list = (canvas: HTMLElement) => rows(canvas, 'traffic-records');

/**
 * Every type of the last 2 days first; the type dropdown lists the record types and sends the
 * chosen one; the server's order (spend: the largest spend first) is kept; traffic in G.
 */
export const TypeFilter: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await list(canvasElement)).toHaveLength(4);
    await expect(byType.calls.at(-1)).toEqual({ type: '', day_num: 2 });
    const type = canvas.getByLabelText('记录类型');
    await expect(
      within(type)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(expect.arrayContaining(['全部类型', '使用消耗', '购买', '签到', '抽奖奖励', '接收转赠']));
    await userEvent.selectOptions(type, '使用消耗');
    await waitFor(() => expect(byType.calls.at(-1)).toEqual({ type: 'spend', day_num: 2 }));
    await waitFor(async () => expect(await list(canvasElement)).toHaveLength(2));
    const [heavy, light] = await list(canvasElement);
    await expect(heavy).toHaveTextContent('heavy@example.com');
    await expect(heavy).toHaveTextContent('-12.00');
    await expect(heavy).toHaveTextContent('40.00');
    await expect(light).toHaveTextContent('-0.50');
  },
};

/** The number of days goes to the call. */
export const Days: Story = {
  parameters: { msw: [byDays.handler] },
  play: async ({ canvasElement }) => {
    await list(canvasElement);
    const days = within(canvasElement).getByLabelText('最近天数');
    await userEvent.clear(days);
    await userEvent.type(days, '7');
    await waitFor(() => expect(byDays.calls.at(-1)).toEqual({ type: '', day_num: 7 }));
  },
};
