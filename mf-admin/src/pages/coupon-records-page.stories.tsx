import { Codes, GiB, type CouponRecord } from '@portal/contracts';
import { apiHandler, apiSequence } from '@portal/storybook/api-mocks';
import { expect, expectToast, userEvent, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import { asAdmin, confirm, rowWith, rows } from '../test/story-fixtures';
import CouponRecordsPage from './coupon-records-page';

function record(overrides: Partial<CouponRecord>): CouponRecord {
  return {
    _id: '665f1c2ab7e4d90012a3b000',
    email: 'user@example.com',
    code: 'WELCOME8G',
    type: 'freeUse',
    add_traffic: 0,
    add_day: 0,
    add_money: 0,
    discount: null,
    time: '2026-11-20T08:00:00.000Z',
    is_delete: false,
    restorable: true,
    ...overrides,
  };
}

const storyRecords: CouponRecord[] = [
  record({ _id: '665f1c2ab7e4d90012a3b001', code: 'WELCOME8G', add_traffic: 8 * GiB }),
  record({ _id: '665f1c2ab7e4d90012a3b002', email: '', code: 'QWERTY', type: 'freeTime', add_day: 7 }),
  record({ _id: '665f1c2ab7e4d90012a3b003', code: 'CASH5', type: 'cash', add_money: 5, restorable: false }),
  record({ _id: '665f1c2ab7e4d90012a3b004', code: 'NINE', type: 'discount', add_money: 1, discount: 0.9 }),
  record({
    _id: '665f1c2ab7e4d90012a3b005',
    code: 'OLD1G',
    add_traffic: 1.5 * GiB,
    is_delete: true,
    restorable: false,
  }),
];

const listHandler = apiHandler('yunying/coupon/coupon_record_list', storyRecords);

const meta = {
  title: 'mf-admin/Screens/CouponRecordsPage',
  component: CouponRecordsPage,
  ...asAdmin,
  parameters: { route: '/coupon_records', msw: [listHandler] },
} satisfies Meta<typeof CouponRecordsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const cell = (row: HTMLElement, column: string) => row.querySelector(`td[data-column="${column}"]`)?.textContent;

/** Each effect as item 13 writes it, 无 for a use without an e-mail, 已使用 / 已恢复, restore only where it can be. */
export const EffectTexts: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText('最近条数')).toHaveValue(100);
    const byCode = async (code: string) => rowWith(canvasElement, 'coupon-records', code);
    await expect(cell(await byCode('WELCOME8G'), 'effect')).toBe('8.00G');
    await expect(cell(await byCode('QWERTY'), 'effect')).toBe('7天');
    await expect(cell(await byCode('QWERTY'), 'email')).toBe('无');
    await expect(cell(await byCode('CASH5'), 'effect')).toBe('5.00元');
    await expect(cell(await byCode('NINE'), 'effect')).toBe('9.0折');
    await expect(cell(await byCode('OLD1G'), 'effect')).toBe('1.50G');
    await expect(cell(await byCode('OLD1G'), 'status')).toBe('已恢复');
    await expect(cell(await byCode('WELCOME8G'), 'status')).toBe('已使用');
    // A paid order's coupon and a restored use offer no restore.
    await expect(within(await byCode('CASH5')).queryByRole('button', { name: '恢复' })).toBeNull();
    await expect(within(await byCode('OLD1G')).queryByRole('button', { name: '恢复' })).toBeNull();
    await expect(await rows(canvasElement, 'coupon-records')).toHaveLength(5);
  },
};

const restored = apiSequence('yunying/coupon/restore_record', [
  { data: { ...storyRecords[0]!, is_delete: true, restorable: false } },
]);

/** Restore asks first, then sends the record's id. */
export const Restore: Story = {
  parameters: { msw: [restored.handler, listHandler] },
  play: async ({ canvasElement }) => {
    const row = await rowWith(canvasElement, 'coupon-records', 'WELCOME8G');
    await userEvent.click(within(row).getByRole('button', { name: '恢复' }));
    await confirm();
    await expectToast('恢复成功');
    await expect(restored.calls).toEqual([{ id: storyRecords[0]!._id }]);
  },
};

const refused = apiSequence('yunying/coupon/restore_record', [
  { data: null, code: Codes.INVALID_PAYLOAD, msg: '该记录已恢复' },
]);

/** A restore the server refuses (restored meanwhile by someone else) says why. */
export const RestoreRefused: Story = {
  parameters: { msw: [refused.handler, listHandler] },
  play: async ({ canvasElement }) => {
    const row = await rowWith(canvasElement, 'coupon-records', 'QWERTY');
    await userEvent.click(within(row).getByRole('button', { name: '恢复' }));
    await confirm();
    await expectToast('恢复失败:该记录已恢复');
  },
};
