import { Box } from '@chakra-ui/react';
import type { AgentListItem } from '@portal/contracts';
import { apiHandler, pendingHandler } from '@portal/storybook/api-mocks';
import { expect, userEvent, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import { prepare } from '../test/story-fixtures';
import AgentsPage from './agents-page';

const agent = (overrides: Partial<AgentListItem>): AgentListItem => ({
  _id: 'a1',
  name: '日本 东京',
  desc: '晚高峰稳定，适合视频',
  country: { name: '日本', flag: '🇯🇵' },
  speed: 86,
  bandwidth: '1Gbps',
  type: 'v2ray',
  orderID: 1,
  ...overrides,
});

const storyAgents: AgentListItem[] = [
  agent({}),
  agent({
    _id: 'a2',
    name: '香港 01',
    desc: 'H2 加密线路',
    country: { name: '香港', flag: '🇭🇰' },
    speed: 172,
    type: 'h2',
    bandwidth: '',
  }),
  agent({
    _id: 'a3',
    name: '美国 洛杉矶',
    desc: 'Reality 抗封锁',
    country: { name: '美国', flag: '🇺🇸' },
    speed: 231,
    type: 'reality',
  }),
  agent({ _id: 'a4', name: '新加坡 01', desc: '', country: { name: '新加坡', flag: '🇸🇬' }, speed: null }),
];

const meta = {
  title: 'mf-user/AgentsPage',
  component: AgentsPage,
  loaders: [() => prepare(null)],
  parameters: { route: '/agents' },
} satisfies Meta<typeof AgentsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Nodes: Story = {
  parameters: { msw: [apiHandler('agent/agent_list', storyAgents)] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const cards = await canvas.findAllByTestId('agent-card');
    await expect(cards).toHaveLength(4);
    const colours = canvas.getAllByTestId('agent-latency').map((b) => b.getAttribute('data-latency-colour'));
    await expect(colours).toEqual(['green', 'yellow', 'red', 'gray']);
    await expect(canvas.getByText('86 ms')).toBeVisible();
    await expect(canvas.getByText('暂无测速')).toBeVisible();
    await expect(canvas.getByTestId('agent-types')).toHaveTextContent('Reality 节点');
  },
};

/** 375 px wide (a small phone): one column, nothing overflows. */
export const Phone: Story = {
  ...Nodes,
  decorators: [
    (Story) => (
      <Box w="375px" borderWidth="1px">
        <Story />
      </Box>
    ),
  ],
  play: async (context) => {
    await Nodes.play!(context);
    const list = within(context.canvasElement).getByTestId('agent-list');
    // Sub-pixel rounding may add 1 px; anything more would be a card wider than the column.
    await expect(list.scrollWidth).toBeLessThanOrEqual(list.clientWidth + 1);
  },
};

export const Loading: Story = {
  parameters: { msw: [pendingHandler('agent/agent_list')] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('agents-loading')).toBeVisible();
  },
};

export const Empty: Story = {
  parameters: { msw: [apiHandler('agent/agent_list', [])] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('暂无记录')).toBeVisible();
  },
};

export const Failed: Story = {
  parameters: { msw: [apiHandler('agent/agent_list', {}, 5003, '服务暂不可用')] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('节点列表加载失败')).toBeVisible();
    await expect(canvas.getByText('服务暂不可用')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: '重试' }));
  },
};
