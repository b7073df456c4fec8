import { Codes } from '@portal/contracts';
import { apiHandler, apiSequence } from '@portal/storybook/api-mocks';
import { expect, expectToast, userEvent, waitFor, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import { asAdmin, confirm, dialog, ids, listHandlers, openNew, page, rows, storyLines } from '../test/story-fixtures';
import LinesPage from './lines-page';

const meta = {
  title: 'mf-admin/Screens/LinesPage',
  component: LinesPage,
  ...asAdmin,
  parameters: { route: '/admin_agentLines', msw: listHandlers },
} satisfies Meta<typeof LinesPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const list = (canvas: HTMLElement) => rows(canvas, 'lines');
const newLineForm = async (canvas: HTMLElement) => {
  await openNew(canvas, 'lines');
  return within(await dialog('新增线路'));
};

/** Lines with their node, entry, permission and traffic heat in GB. */
export const Lines: Story = {
  play: async ({ canvasElement }) => {
    const [tokyo, hongKong] = await list(canvasElement);
    if (tokyo === undefined || hongKong === undefined) throw new Error('two lines expected');
    await expect(tokyo).toHaveTextContent('东京 01');
    // The node's country flag is an image named after the country.
    await waitFor(() => expect(within(tokyo).getByRole('img', { name: '日本' })).toHaveAttribute('data-code', 'jp'));
    await expect(tokyo).toHaveTextContent('上海入口');
    await expect(tokyo).toHaveTextContent('12');
    await expect(hongKong).toHaveTextContent('line_exclusive_1');
    await expect(hongKong).toHaveTextContent('直连');
  },
};

/** spec-2 §4: an h2 node makes the line h2 and direct (no entry); another node bridges through an entry. */
export const BridgeRules: Story = {
  play: async ({ canvasElement }) => {
    const form = await newLineForm(canvasElement);
    await expect(form.getByLabelText('数量')).toHaveValue(1);
    await expect(form.getByLabelText('计费倍率')).toHaveValue(1);
    await expect(form.getByRole('checkbox', { name: '公开' })).toBeChecked();
    await userEvent.selectOptions(form.getByLabelText('节点'), '香港 H2');
    await expect(form.getByLabelText('协议')).toHaveDisplayValue('h2');
    await expect(form.getByLabelText('中转方式')).toHaveDisplayValue('直连');
    await expect(form.queryByLabelText('入口')).toBeNull();
    await userEvent.selectOptions(form.getByLabelText('节点'), '东京 01');
    await expect(form.getByLabelText('中转方式')).toHaveDisplayValue('中转入口');
    await userEvent.selectOptions(form.getByLabelText('入口'), '上海入口（192.0.2.1）');
    await expect(form.getByLabelText('入口')).toHaveDisplayValue('上海入口（192.0.2.1）');
  },
};

const saved = apiSequence('admin/agent_line/update', [{ data: storyLines[0] }]);

/** spec-2 §5: a fixed name with more than one copy is refused in the form; one copy saves. */
export const FixNameRefusal: Story = {
  parameters: { msw: [saved.handler, ...listHandlers] },
  play: async ({ canvasElement }) => {
    const form = await newLineForm(canvasElement);
    await userEvent.type(form.getByLabelText('名称'), '东京 固定');
    await userEvent.click(form.getByRole('checkbox', { name: '固定名字' }));
    await userEvent.clear(form.getByLabelText('数量'));
    await userEvent.type(form.getByLabelText('数量'), '2');
    await userEvent.click(form.getByRole('button', { name: '保存' }));
    await expect(await form.findByText('固定名字，就不要配置多个，否则会出现重名')).toBeVisible();
    await expect(saved.calls).toEqual([]);
    await userEvent.clear(form.getByLabelText('数量'));
    await userEvent.type(form.getByLabelText('数量'), '1');
    await userEvent.click(form.getByRole('button', { name: '保存' }));
    await expectToast('更新线路成功');
    await expect(saved.calls.at(-1)).toMatchObject({
      name: '东京 固定',
      fixName: true,
      num: 1,
      agentID: ids.tokyo,
      bridge: 'report',
    });
  },
};

/** The node filter lives in the address: opened with ?agent=…, only that node's lines. */
export const NodeFilterFromAddress: Story = {
  parameters: { route: `/admin_agentLines?agent=${ids.hongKong}` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(async () => expect(await list(canvasElement)).toHaveLength(1));
    await expect((await list(canvasElement))[0]).toHaveTextContent('香港 H2 直连');
    await expect(canvas.getByLabelText('节点')).toHaveDisplayValue('香港 H2');
    await userEvent.selectOptions(canvas.getByLabelText('节点'), '全部节点');
    await waitFor(async () => expect(await list(canvasElement)).toHaveLength(2));
  },
};

/** 复制日志 copies the line's message (the toast says whether the browser let it). */
export const CopyLog: Story = {
  play: async ({ canvasElement }) => {
    const [tokyo, hongKong] = await list(canvasElement);
    await expect(within(hongKong!).queryByRole('button', { name: '复制日志' })).toBeNull();
    await userEvent.click(within(tokyo!).getByRole('button', { name: '复制日志' }));
    await waitFor(() => expect(page().getByText(/已复制到剪切板|复制失败/)).toBeVisible());
  },
};

/** Resetting the traffic heat asks first and says 流量刷新成功. */
export const ResetHot: Story = {
  parameters: { msw: [apiHandler('admin/agent_line/reset_hot', null), ...listHandlers] },
  play: async ({ canvasElement }) => {
    await list(canvasElement);
    await userEvent.click(within(canvasElement).getByRole('button', { name: '重置流量热度' }));
    await confirm();
    await expectToast('流量刷新成功');
  },
};

/** A refused save: 线路配置失败 with the server's message (the BFF checks the rules too). */
export const SaveRefused: Story = {
  parameters: {
    msw: [apiHandler('admin/agent_line/update', null, Codes.INVALID_PAYLOAD, '入口不存在'), ...listHandlers],
  },
  play: async ({ canvasElement }) => {
    const [tokyo] = await list(canvasElement);
    await userEvent.click(within(tokyo!).getByRole('button', { name: '编辑' }));
    const form = within(await dialog('编辑线路'));
    await expect(form.getByLabelText('WebSocket 路径')).toHaveValue('/ws');
    await userEvent.click(form.getByRole('button', { name: '保存' }));
    await expectToast('线路配置失败:入口不存在');
  },
};
