import { SECRET_MASK } from '@portal/contracts/schemas';
import { apiSequence } from '@portal/storybook/api-mocks';
import { expect, expectToast, userEvent, waitFor, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import { useSession } from '@portal/platform';
import { demoUser } from '@portal/storybook/fixtures';
import { asAdmin, storyConfig } from '../test/story-fixtures';
import ConfigPage from './config-page';

const loaded = apiSequence('admin/config/get', [{ data: storyConfig }]);
const saved = apiSequence('admin/config/set_config', [{ data: null }]);

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
    await expect((canvas.getByLabelText('第三方支付平台') as HTMLTextAreaElement).value).toContain(
      `"key": "${SECRET_MASK}"`,
    );
  },
};

/** Staff with settings.read only (issue 25): the settings shown, every field disabled, no 保存 or 恢复. */
export const ReadOnly: Story = {
  loaders: [
    () =>
      useSession.getState().setUser(
        demoUser({
          type: 'normal',
          email: 'reader@example.com',
          staff: { role: 'r0', roleName: '只读', owner: false, permissions: ['settings.read'] },
        }),
      ),
  ],
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

/** Broken JSON is refused; 恢复 reads the saved settings again and drops the edits. */
export const InvalidJsonThenRestore: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const title = await canvas.findByLabelText('公告标题');
    await userEvent.clear(title);
    await userEvent.type(title, '临时标题');
    const json = canvas.getByLabelText('第三方支付平台');
    await userEvent.clear(json);
    await userEvent.type(json, '{{"yi": ');
    await userEvent.click(canvas.getByRole('button', { name: '保存' }));
    await expect(await canvas.findByText('JSON 格式不正确')).toBeVisible();
    await expect(saved.calls).toEqual([]);
    await userEvent.click(canvas.getByRole('button', { name: '恢复' }));
    await waitFor(async () => expect(await canvas.findByLabelText('公告标题')).toHaveValue('系统维护通知'));
    await expect(loaded.calls).toHaveLength(2);
  },
};
