import { routes, type RouteDef } from '@portal/contracts';
import { expect, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import { PagePlaceholder } from './page-placeholder.js';

const routeAt = (path: string): RouteDef => routes.find((r) => r.path === path)!;

const meta = {
  title: 'UI/PagePlaceholder',
  component: PagePlaceholder,
  args: { route: routeAt('/shop') },
} satisfies Meta<typeof PagePlaceholder>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  args: {},
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { level: 1 })).toHaveTextContent('商店');
  },
};

/** How definePages labels a placeholder when a build label is set. */
export const WithBuildLabel: Story = {
  args: { route: routeAt('/order'), note: '该页面正在建设中。（preview-42）' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('订单记录');
    await expect(canvas.getByText('该页面正在建设中。（preview-42）')).toBeVisible();
    await expect(canvasElement.querySelector('[data-page="order"]')).toHaveAttribute('data-remote', 'mf_shop');
  },
};
