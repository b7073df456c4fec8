import { Codes } from '@portal/contracts';
import { SECRET_MASK } from '@portal/contracts/schemas';
import { apiHandler, apiSequence, missingFileHandler } from '@portal/storybook/api-mocks';
import { expect, expectToast, userEvent, waitFor, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import {
  asAdmin,
  alertDialog,
  agent,
  confirm,
  dialog,
  ids,
  listHandlers,
  openNew,
  page,
  rows,
  rowWith,
  storyAgents,
} from '../test/story-fixtures';
import { forgetCountryList } from '../features/agents/api/country-list';
import AgentsPage from './agents-page';

const meta = {
  title: 'mf-admin/Screens/AgentsPage',
  component: AgentsPage,
  ...asAdmin,
  parameters: { route: '/admin_agents', msw: listHandlers },
} satisfies Meta<typeof AgentsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const list = (canvas: HTMLElement) => rows(canvas, 'agents');
const rowOf = (canvas: HTMLElement, name: string) => rowWith(canvas, 'agents', name);

/** The node columns: country with flag, ports relay/port/public, status 正常 / 异常. */
export const Nodes: Story = {
  play: async ({ canvasElement }) => {
    const tokyo = await rowOf(canvasElement, '东京 01');
    await expect(tokyo).toHaveTextContent('日本');
    // The flag is an image (flag-icons' SVG by ISO code), not an emoji.
    await waitFor(() => expect(within(tokyo).getByTestId('country-flag')).toHaveAttribute('data-code', 'jp'));
    await expect(tokyo).not.toHaveTextContent('🇯🇵');
    await expect(tokyo).toHaveTextContent('10087/10086/443');
    await expect(within(tokyo).getByText('正常')).toBeVisible();
    await expect(within(await rowOf(canvasElement, '香港 H2')).getByText('异常')).toBeVisible();
  },
};

/** spec-2 §4: choosing a type applies its ports and server type. */
export const TypePresets: Story = {
  play: async ({ canvasElement }) => {
    await openNew(canvasElement, 'agents');
    const form = within(await dialog('新增节点'));
    await expect(form.getByLabelText('名称')).toHaveValue('新节点');
    await expect(form.getByLabelText('IP')).toHaveValue('1.2.3.4');
    await expect(form.getByLabelText('域名')).toHaveValue('node1.example.com');
    await userEvent.selectOptions(form.getByLabelText('类型'), 'h2');
    await expect(form.getByLabelText('控制端口')).toHaveValue(999);
    await expect(form.getByLabelText('中转端口')).toHaveValue(443);
    await expect(form.getByLabelText('系统类型')).toHaveDisplayValue('ubuntu_x86');
    await userEvent.selectOptions(form.getByLabelText('类型'), 'reality');
    await expect(form.getByLabelText('控制端口')).toHaveValue(888);
    await expect(form.getByLabelText('端口')).toHaveValue(443);
    await expect(form.getByLabelText('公开端口')).toHaveValue(443);
    await expect(form.getByLabelText('系统类型')).toHaveDisplayValue('ubuntu_reality');
  },
};

const SECRET = 'nsk_4f3c2b1a09e8d7c6b5a4f3e2d1c0b9a8';
const createdAgent = apiSequence('admin/agents/update', [
  { data: { agent: agent({ _id: '665f1c2ab7e4d90012a3a009', name: '新节点' }), secret: SECRET } },
]);

/** A new node's secret is shown once, with a copy button and the warning; no id is sent. */
export const SecretShownOnce: Story = {
  parameters: { msw: [createdAgent.handler, ...listHandlers] },
  play: async ({ canvasElement }) => {
    await openNew(canvasElement, 'agents');
    const form = within(await dialog('新增节点'));
    await userEvent.type(form.getByLabelText('SSH 密码'), 'hunter22');
    await userEvent.click(form.getByRole('button', { name: '保存' }));
    await expectToast('更新成功');
    const secret = within(await alertDialog('节点「新节点」的密钥'));
    await expect(secret.getByTestId('agent-secret')).toHaveTextContent(SECRET);
    await expect(secret.getByText(/只显示这一次/)).toBeVisible();
    await expect(secret.getByRole('button', { name: '复制密钥' })).toBeVisible();
    const sent = createdAgent.calls.at(-1)!;
    await expect(sent).not.toHaveProperty('_id');
    await expect(sent).toMatchObject({ name: '新节点', ssh_password: 'hunter22', country: { code: 'JP' } });
    await userEvent.click(secret.getByRole('button', { name: '我已保存' }));
    await waitFor(() => expect(page().queryByRole('alertdialog')).toBeNull());
  },
};

const rotated = apiSequence('admin/agents/rotate_secret', [{ data: { agent: storyAgents[0], secret: SECRET } }]);

/** 重置密钥 asks first, then shows the new secret once. */
export const RotateSecret: Story = {
  parameters: { msw: [rotated.handler, ...listHandlers] },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(await rowOf(canvasElement, '东京 01')).getByRole('button', { name: '重置密钥' }));
    await confirm();
    const secret = await alertDialog('节点「东京 01」的密钥');
    await expect(within(secret).getByTestId('agent-secret')).toHaveTextContent(SECRET);
    await expect(rotated.calls).toEqual([{ id: ids.tokyo }]);
  },
};

const edited = apiSequence('admin/agents/update', [{ data: { agent: storyAgents[0] } }]);

/** The stored SSH password is never shown; saved untouched, the mask keeps it. */
export const WriteOnlyPassword: Story = {
  parameters: { msw: [edited.handler, ...listHandlers] },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(await rowOf(canvasElement, '东京 01')).getByRole('button', { name: '编辑' }));
    const form = within(await dialog('编辑节点'));
    const password = form.getByLabelText('SSH 密码');
    await expect(password).toHaveValue('');
    await expect(password).toHaveAttribute('placeholder', '已设置，输入新值以替换');
    await userEvent.click(form.getByRole('button', { name: '保存' }));
    await expectToast('更新成功');
    await expect(edited.calls.at(-1)).toMatchObject({ _id: ids.tokyo, ssh_password: SECRET_MASK });
    await expect(page().queryByRole('alertdialog')).toBeNull();
  },
};

const copied = apiSequence('admin/agents/update', [{ data: { agent: storyAgents[0] } }]);

/** 复制 opens the record without its id and its secrets: saving creates a new node. */
export const Copy: Story = {
  parameters: { msw: [copied.handler, ...listHandlers] },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(await rowOf(canvasElement, '东京 01')).getByRole('button', { name: '复制' }));
    const form = within(await dialog('复制节点'));
    await expect(form.getByLabelText('名称')).toHaveValue('东京 01');
    await userEvent.click(form.getByRole('button', { name: '保存' }));
    await expectToast('更新成功');
    const sent = copied.calls.at(-1)!;
    await expect(sent).not.toHaveProperty('_id');
    await expect(sent).not.toHaveProperty('ssh_password');
    await expect(sent).toMatchObject({ name: '东京 01', ip: '203.0.113.10' });
  },
};

const upgraded = apiSequence('admin/agents/upgrade_agentserver', [{ data: null }]);

/** 升级节点 asks, sends the node's id, says 升级成功. */
export const Upgrade: Story = {
  parameters: { msw: [upgraded.handler, ...listHandlers] },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(await rowOf(canvasElement, '香港 H2')).getByRole('button', { name: '升级节点' }));
    await confirm();
    await expectToast('升级成功');
    await expect(upgraded.calls).toEqual([{ _id: ids.hongKong }]);
  },
};

/** Resetting the update counts fails with 刷新失败 and the server's message. */
export const ResetCountsRefused: Story = {
  parameters: {
    msw: [apiHandler('admin/agents/clear_updatetimes', null, Codes.INTERNAL, '数据库忙'), ...listHandlers],
  },
  play: async ({ canvasElement }) => {
    await list(canvasElement);
    await userEvent.click(within(canvasElement).getByRole('button', { name: '清零更新次数' }));
    await confirm();
    await expectToast('刷新失败:数据库忙');
  },
};

/** The country list could not be fetched: the failure is only logged and the name is typed. */
export const CountryListMissing: Story = {
  loaders: [forgetCountryList],
  parameters: { msw: [missingFileHandler(/countries.*\.json/), ...listHandlers] },
  play: async ({ canvasElement }) => {
    await openNew(canvasElement, 'agents');
    const form = within(await dialog('新增节点'));
    const country = await form.findByTestId('country-text');
    await expect(country).toHaveValue('日本');
    await userEvent.clear(country);
    await userEvent.type(country, '冰岛');
    await expect(country).toHaveValue('冰岛');
  },
};
