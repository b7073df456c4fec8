import { Codes, GiB, type AdminCoupon } from '@portal/contracts';
import { apiFilterHandler, apiSequence } from '@portal/storybook/api-mocks';
import { expect, expectToast, userEvent, waitFor, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import { asAdmin, confirm, dialog, openNew, page, prepareAdmin, prepareStaff, rows } from '../test/story-fixtures';
import CouponsPage from './coupons-page';

function coupon(overrides: Partial<AdminCoupon>): AdminCoupon {
  return {
    _id: '665f1c2ab7e4d90012a3d000',
    name: '体验券',
    type: 'freeUse',
    code: 'WELCOME8G',
    taobao: false,
    traffic: 8 * GiB,
    traffixHaveLimitTime: false,
    traffixLimitTime: 0,
    vipDay: 0,
    forMoney: 0,
    discount: 1,
    useNumPerUser: 1,
    NumberOfAuthorizations: 100,
    authTimes: 3,
    expireTime: null,
    createTime: '2026-11-20T08:00:00.000Z',
    ...overrides,
  };
}

const storyCoupons: AdminCoupon[] = [
  coupon({
    _id: '665f1c2ab7e4d90012a3d001',
    name: '淘宝七天',
    type: 'freeTime',
    code: 'QWERTY',
    taobao: true,
    vipDay: 7,
  }),
  coupon({
    _id: '665f1c2ab7e4d90012a3d002',
    name: '淘宝七天',
    type: 'freeTime',
    code: 'ASDFGH',
    taobao: true,
    vipDay: 7,
  }),
  coupon({ _id: '665f1c2ab7e4d90012a3d003', name: '限时 8G', traffixHaveLimitTime: true, traffixLimitTime: 48 }),
  coupon({ _id: '665f1c2ab7e4d90012a3d004', name: '新人 8G', code: 'WELCOME8G' }),
  coupon({ _id: '665f1c2ab7e4d90012a3d005', name: '立减五元', type: 'cash', code: 'CASH5', forMoney: 5 }),
  coupon({ _id: '665f1c2ab7e4d90012a3d006', name: '九折', type: 'discount', code: 'NINE', discount: 0.9 }),
];

/** coupon_list filters by type and Taobao flag and bounds the answer on the server, as the BFF does. */
const listHandler = apiFilterHandler('yunying/coupon/coupon_list', (payload) =>
  storyCoupons
    .filter((c) => payload.type === undefined || c.type === payload.type)
    .filter((c) => payload.taobao === undefined || c.taobao === payload.taobao)
    .slice(0, typeof payload.limit === 'number' ? payload.limit : 1000),
);
/** The update call answering like the BFF (the coupons saved), recording what was sent. */
const saveCall = () => apiSequence('yunying/coupon/update_coupon', [{ data: [storyCoupons[3]!] }]);

const meta = {
  title: 'mf-admin/Screens/CouponsPage',
  component: CouponsPage,
  ...asAdmin,
  parameters: { route: '/admin_coupon', msw: [listHandler] },
} satisfies Meta<typeof CouponsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const list = (canvas: HTMLElement) => rows(canvas, 'coupons');
const save = async (form: ReturnType<typeof within>) => userEvent.click(form.getByRole('button', { name: '保存' }));

/** The freeUse list (the type selector starts there): 功能 text with the expiry hours, 永不过期; the 淘宝 filter. */
export const TrafficCoupons: Story = {
  play: async ({ canvasElement }) => {
    const found = await list(canvasElement);
    await expect(found).toHaveLength(2);
    await expect(found[0]).toHaveTextContent('流量 8.00G（48 小时后过期）');
    await expect(found[1]).toHaveTextContent('流量 8.00G');
    await expect(found[1]).toHaveTextContent('永不过期');
    await expect(within(canvasElement).getByRole('link', { name: '审计日志' })).toBeVisible();
    // No download without the Taobao filter; ticking it (all types) lists the Taobao coupons and offers it.
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('button', { name: '下载券码（a.txt）' })).toBeNull();
    await userEvent.selectOptions(canvas.getByLabelText('优惠券类型'), '全部类型');
    await waitFor(async () => expect(await list(canvasElement)).toHaveLength(6));
    await userEvent.click(canvas.getByRole('checkbox', { name: '淘宝券' }));
    await waitFor(async () => expect(await list(canvasElement)).toHaveLength(2));
    await expect(canvas.getByRole('button', { name: '下载券码（a.txt）' })).toBeVisible();
  },
};

const timeLimited = saveCall();

/** freeUse: 8 G by default; 限时流量 shows the hours (24); the random button draws a new 6-letter code; traffic goes in bytes. */
export const NewTimeLimitedTraffic: Story = {
  parameters: { msw: [timeLimited.handler, listHandler] },
  play: async ({ canvasElement }) => {
    await openNew(canvasElement, 'coupons');
    const form = within(await dialog('新增优惠券'));
    await expect(form.getByLabelText('类型')).toHaveDisplayValue('流量体验券');
    await expect(form.getByLabelText('流量（G）')).toHaveValue(8);
    await expect(form.getByLabelText('每人可用次数')).toHaveValue(1);
    await expect(form.queryByLabelText('自动过期（小时）')).toBeNull();
    await expect(form.queryByLabelText('生成数量')).toBeNull();
    await expect(form.queryByLabelText('会员天数')).toBeNull();
    const code = form.getByLabelText('优惠券码') as HTMLInputElement;
    await expect(code.value).toMatch(/^[A-Z]{6}$/);
    const first = code.value;
    await waitFor(async () => {
      await userEvent.click(form.getByRole('button', { name: '生成随机优惠券码' }));
      await expect(code.value).not.toBe(first);
    });
    await expect(code.value).toMatch(/^[A-Z]{6}$/);
    await userEvent.click(form.getByRole('checkbox', { name: '限时流量' }));
    await expect(form.getByLabelText('自动过期（小时）')).toHaveValue(24);
    await userEvent.type(form.getByLabelText('名称'), '限时体验');
    await userEvent.clear(form.getByLabelText('流量（G）'));
    await userEvent.type(form.getByLabelText('流量（G）'), '1.5');
    await save(form);
    await expectToast('配置优惠券成功');
    const sent = timeLimited.calls.at(-1)!;
    await expect(sent).toMatchObject({
      name: '限时体验',
      type: 'freeUse',
      taobao: false,
      traffic: 1.5 * GiB,
      traffixHaveLimitTime: true,
      traffixLimitTime: 24,
      useNumPerUser: 1,
      expireTime: null,
    });
    await expect(sent).not.toHaveProperty('batchCount');
    await expect(sent).not.toHaveProperty('_id');
  },
};

const batch = saveCall();
const downloads: { name: string; text: Promise<string> }[] = [];

/**
 * With the 淘宝 filter on: Taobao coupons only, a new one is a batch (no code field, 生成数量
 * instead; an edit shows neither), and 下载券码 hands the listed codes to the browser as a.txt, one per line.
 */
export const TaobaoBatch: Story = {
  parameters: { route: '/admin_coupon?type=freeTime&taobao=1', msw: [batch.handler, listHandler] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const found = await list(canvasElement);
    await expect(found).toHaveLength(2);
    await expect(canvas.getByRole('checkbox', { name: '淘宝券' })).toBeChecked();

    const createObjectURL = URL.createObjectURL.bind(URL);
    const click = HTMLAnchorElement.prototype.click;
    URL.createObjectURL = (blob: Blob | MediaSource) => {
      downloads.push({ name: '', text: (blob as Blob).text() });
      return createObjectURL(blob);
    };
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      downloads.at(-1)!.name = this.download;
    };
    try {
      await userEvent.click(canvas.getByRole('button', { name: '下载券码（a.txt）' }));
    } finally {
      URL.createObjectURL = createObjectURL;
      HTMLAnchorElement.prototype.click = click;
    }
    const file = downloads.at(-1)!;
    await expect(file.name).toBe('a.txt');
    await expect(await file.text).toBe('QWERTY\nASDFGH\n');

    await openNew(canvasElement, 'coupons');
    const form = within(await dialog('新增优惠券'));
    await expect(form.getByRole('checkbox', { name: '淘宝' })).toBeChecked();
    await expect(form.getByLabelText('类型')).toHaveDisplayValue('时长体验券');
    await expect(form.queryByLabelText('优惠券码')).toBeNull();
    await expect(form.getByLabelText('会员天数')).toHaveValue(7);
    await userEvent.type(form.getByLabelText('名称'), '淘宝七天');
    await userEvent.clear(form.getByLabelText('生成数量'));
    await userEvent.type(form.getByLabelText('生成数量'), '200');
    await save(form);
    await expectToast('配置优惠券成功');
    await expect(batch.calls.at(-1)).toMatchObject({ taobao: true, type: 'freeTime', vipDay: 7, batchCount: 200 });

    // Editing one Taobao coupon: neither its code nor a batch count is offered. The new-coupon
    // dialog has closed (its fade-out over) before a row's 编辑 is pressed.
    await waitFor(() => expect(page().queryByRole('dialog', { name: '新增优惠券' })).toBeNull());
    // The save reloads the list: a press on a row that the reload then replaces is lost (seen on a
    // busy machine), so the row is found again and pressed again until the dialog opens.
    let opened: HTMLElement | undefined;
    for (let attempt = 1; opened === undefined; attempt += 1) {
      const [first] = await list(canvasElement);
      await userEvent.click(within(first!).getByRole('button', { name: '编辑' }));
      opened = await page()
        .findByRole('dialog', { name: '编辑优惠券' }, { timeout: 3_000 })
        .catch((error: unknown) => {
          if (attempt === 3) throw error;
          return undefined;
        });
    }
    const edit = within(opened);
    await expect(edit.queryByLabelText('优惠券码')).toBeNull();
    await expect(edit.queryByLabelText('生成数量')).toBeNull();
  },
};

const cash = saveCall();

/** cash: the amount in yuan (whole cents), no traffic or days. */
export const CashCoupon: Story = {
  parameters: { msw: [cash.handler, listHandler] },
  play: async ({ canvasElement }) => {
    await openNew(canvasElement, 'coupons');
    const form = within(await dialog('新增优惠券'));
    await userEvent.selectOptions(form.getByLabelText('类型'), '现金券');
    await expect(form.queryByLabelText('流量（G）')).toBeNull();
    await expect(form.queryByRole('checkbox', { name: '限时流量' })).toBeNull();
    await userEvent.type(form.getByLabelText('名称'), '立减');
    await userEvent.clear(form.getByLabelText('抵扣金额（元）'));
    await userEvent.type(form.getByLabelText('抵扣金额（元）'), '5.005');
    await save(form);
    await expect(await form.findByText('金额最多两位小数')).toBeVisible();
    await expect(cash.calls).toEqual([]);
    await userEvent.clear(form.getByLabelText('抵扣金额（元）'));
    await userEvent.type(form.getByLabelText('抵扣金额（元）'), '5.5');
    await save(form);
    await expectToast('配置优惠券成功');
    await expect(cash.calls.at(-1)).toMatchObject({ type: 'cash', forMoney: 5.5 });
  },
};

const discount = saveCall();

/** discount: the fraction, shown as 折 beside it (0.9 = 9.0折); edits keep the code. */
export const DiscountCoupon: Story = {
  parameters: { route: '/admin_coupon?type=discount', msw: [discount.handler, listHandler] },
  play: async ({ canvasElement }) => {
    const [row] = await list(canvasElement);
    await expect(row).toHaveTextContent('9.0折');
    await userEvent.click(within(row!).getByRole('button', { name: '编辑' }));
    const form = within(await dialog('编辑优惠券'));
    await expect(form.getByLabelText('折扣')).toHaveValue(0.9);
    await expect(form.getByTestId('coupon-discount-text')).toHaveTextContent('9.0折');
    await userEvent.clear(form.getByLabelText('折扣'));
    await userEvent.type(form.getByLabelText('折扣'), '0.85');
    await expect(form.getByTestId('coupon-discount-text')).toHaveTextContent('8.5折');
    await save(form);
    await expectToast('配置优惠券成功');
    await expect(discount.calls.at(-1)).toMatchObject({ _id: storyCoupons[5]!._id, code: 'NINE', discount: 0.85 });
    await expect(discount.calls.at(-1)).not.toHaveProperty('authTimes');
  },
};

const deleted = apiSequence('yunying/coupon/delete_coupon', [
  { data: null, code: Codes.NOT_FOUND, msg: '优惠券不存在' },
  { data: { deletedCount: 2 } },
]);

/** Staff who may read coupons but not edit them: the list without 新增 or 删除所有 (a call, so an edit). */
export const ReadOnly: Story = {
  parameters: { route: '/admin_coupon?type=freeTime&taobao=1', msw: [listHandler] },
  loaders: [() => prepareStaff('只读', ['coupons.read'])],
  play: async ({ canvasElement }) => {
    await list(canvasElement);
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('button', { name: '新增' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: '删除所有' })).toBeNull();
    await expect(canvas.getByRole('button', { name: '下载券码（a.txt）' })).toBeVisible();
  },
};

/** 删除所有 deletes the listed coupons in one call after a confirmation; a refusal (a coupon deleted meanwhile) says why. */
export const DeleteAllListed: Story = {
  parameters: { route: '/admin_coupon?type=freeTime&taobao=1', msw: [deleted.handler, listHandler] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await list(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: '删除所有' }));
    await confirm();
    await expectToast('删除所有优惠券失败:优惠券不存在');
    await userEvent.click(canvas.getByRole('button', { name: '删除所有' }));
    await confirm();
    await expectToast('删除所有优惠券成功');
    await expect(deleted.calls).toEqual([
      { id_list: [storyCoupons[0]!._id, storyCoupons[1]!._id] },
      { id_list: [storyCoupons[0]!._id, storyCoupons[1]!._id] },
    ]);
  },
};

/** Operations staff manage coupons too; the audit log (admins only) is not linked for them. */
export const AsOperations: Story = {
  loaders: [() => prepareAdmin('yunying')],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await list(canvasElement)).toHaveLength(2);
    await expect(canvas.getByRole('button', { name: '新增' })).toBeEnabled();
    await expect(canvas.queryByRole('link', { name: '审计日志' })).toBeNull();
  },
};
