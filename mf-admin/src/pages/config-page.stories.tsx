import { SECRET_MASK } from '@portal/contracts/schemas';
import { apiSequence } from '@portal/storybook/api-mocks';
import { expect, expectToast, userEvent, waitFor, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import { asAdmin, prepareStaff, storyConfig } from '../test/story-fixtures';
import ConfigPage from './config-page';

const loaded = apiSequence('admin/config/get', [{ data: storyConfig }]);
const saved = apiSequence('admin/config/set_config', [{ data: null }]);

/** The epay platforms' rows (named by the setting's label). */
const platforms = (canvasElement: HTMLElement) => within(canvasElement).getByRole('group', { name: '第三方支付平台' });

const meta = {
  title: 'mf-admin/Screens/ConfigPage',
  component: ConfigPage,
  ...asAdmin,
  parameters: { route: '/admin_config', msw: [loaded.handler, saved.handler] },
} satisfies Meta<typeof ConfigPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The form generated from the definitions: a section per group, an input per schema. */
export const GeneratedForm: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: '公告' })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: '支付' })).toBeVisible();
    await expect(canvas.getByRole('checkbox', { name: '显示公告' })).toBeChecked();
    await expect(canvas.getByLabelText('公告内容').tagName).toBe('TEXTAREA');
    await expect(canvas.getByLabelText('支付宝支付通道')).toHaveDisplayValue('sandbox');
    await expect(canvas.getByLabelText('USDT 汇率')).toHaveValue(7.2);
    // An address on one line; rules one per line; the epay platforms as rows, the key never shown.
    await expect(canvas.getByLabelText('支付完成后的返回地址')).toHaveAttribute('type', 'url');
    await expect(canvas.getByLabelText('订阅：分流规则（TYPE,VALUE,POLICY）')).toHaveValue(
      'DOMAIN-SUFFIX,example.com,PROXY\nMATCH,DIRECT',
    );
    const yi = within(platforms(canvasElement)).getByRole('group', { name: 'yi' });
    await expect(within(yi).getByLabelText('网关地址')).toHaveValue('https://pay.example.com');
    await expect(within(yi).getByLabelText('商户号（pid）')).toHaveValue('1001');
    await expect(within(yi).getByLabelText('密钥')).toHaveValue('');
    await expect(within(yi).getByLabelText('密钥')).toHaveAttribute('placeholder', '已设置，输入新值以替换');
  },
};

/** The epay platforms' rows: a platform added from the known list, typed, saved; the key stays write-only. */
export const EpayPlatformRows: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: '支付' });
    const rows = within(platforms(canvasElement));
    await userEvent.selectOptions(rows.getByLabelText('要添加到「第三方支付平台」的项'), 'openx');
    await userEvent.click(rows.getByRole('button', { name: '添加' }));
    const openx = within(rows.getByRole('group', { name: 'openx' }));
    await expect(openx.getByLabelText('密钥')).toHaveAttribute('placeholder', '未设置');
    await userEvent.type(openx.getByLabelText('网关地址'), 'https://ox.example.com');
    await userEvent.type(openx.getByLabelText('商户号（pid）'), '3001');
    await userEvent.type(openx.getByLabelText('密钥'), 'ox-secret');
    // Every known platform has a row now: nothing is left to add.
    await expect(rows.queryByRole('button', { name: '添加' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: '保存' }));
    await expectToast('更新成功');
    await expect(saved.calls.at(-1)).toMatchObject({
      epay_platforms: {
        yi: { gateway: 'https://pay.example.com', pid: '1001', key: SECRET_MASK },
        openx: { gateway: 'https://ox.example.com', pid: '3001', key: 'ox-secret' },
      },
    });
  },
};

/** A platform removed is left out of the save (its key with it). */
export const EpayPlatformRemoved: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: '支付' });
    await userEvent.click(within(platforms(canvasElement)).getByRole('button', { name: '删除 yi' }));
    await expect(within(platforms(canvasElement)).getByText('无')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: '保存' }));
    await expectToast('更新成功');
    await expect(saved.calls.at(-1)?.epay_platforms).toEqual({});
  },
};

/**
 * At phone width (Storybook's viewport; the smoke run draws at 1000 px, so the stacking itself is
 * checked at 390 px in e2e/admin/config.spec.ts): a platform's inputs in one column.
 */
export const Phone: Story = {
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('heading', { name: '支付' });
    const yi = within(platforms(canvasElement)).getByRole('group', { name: 'yi' });
    await expect(within(yi).getByLabelText('网关地址')).toBeVisible();
    await expect(within(yi).getByRole('button', { name: '删除 yi' })).toBeVisible();
  },
};

/** Staff with settings.read only (issue 25): the settings shown, every field disabled, no 保存 or 恢复. */
export const ReadOnly: Story = {
  loaders: [() => prepareStaff('只读', ['settings.read'])],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: '公告' })).toBeVisible();
    await expect(canvas.getByRole('checkbox', { name: '显示公告' })).toBeDisabled();
    await expect(canvas.getByLabelText('公告内容')).toBeDisabled();
    await expect(canvas.queryByRole('button', { name: '保存' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: '恢复' })).toBeNull();
  },
};

/** A secret is never shown: saved untouched it sends the mask (kept); typed, the new value. */
export const SecretField: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const secret = await canvas.findByLabelText('TRC20 接口密钥');
    await expect(secret).toHaveValue('');
    await expect(secret).toHaveAttribute('type', 'password');
    await expect(secret).toHaveAttribute('placeholder', '已设置，输入新值以替换');
    await userEvent.click(canvas.getByRole('button', { name: '保存' }));
    await expectToast('更新成功');
    await expect(saved.calls.at(-1)).toMatchObject({ usdt_api_key: SECRET_MASK, notice_title: '系统维护通知' });
    const again = await canvas.findByLabelText('TRC20 接口密钥');
    await userEvent.type(again, 'short');
    await userEvent.click(canvas.getByRole('button', { name: '保存' }));
    await expect(await canvas.findByText('至少 8 个字符')).toBeVisible();
    await userEvent.type(again, '-but-now-long');
    await userEvent.click(canvas.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(saved.calls.at(-1)).toMatchObject({ usdt_api_key: 'short-but-now-long' }));
  },
};

/** A bad address is refused in the form, in a field and in a platform's row; 恢复 reads the saved settings again. */
export const InvalidUrlThenRestore: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const title = await canvas.findByLabelText('公告标题');
    await userEvent.clear(title);
    await userEvent.type(title, '临时标题');
    await userEvent.type(canvas.getByLabelText('支付完成后的返回地址'), 'shop.example.com/paid');
    const gateway = within(within(platforms(canvasElement)).getByRole('group', { name: 'yi' })).getByLabelText(
      '网关地址',
    );
    await userEvent.clear(gateway);
    await userEvent.type(gateway, 'https://pay example.com');
    await userEvent.click(canvas.getByRole('button', { name: '保存' }));
    const message = '请填写以 http:// 或 https:// 开头的完整地址（不含空格）';
    await waitFor(async () => expect(await canvas.findAllByText(message)).toHaveLength(2));
    await expect(saved.calls).toEqual([]);
    await userEvent.click(canvas.getByRole('button', { name: '恢复' }));
    await waitFor(async () => expect(await canvas.findByLabelText('公告标题')).toHaveValue('系统维护通知'));
    await expect(canvas.getByLabelText('支付完成后的返回地址')).toHaveValue('');
    await expect(loaded.calls).toHaveLength(2);
  },
};
