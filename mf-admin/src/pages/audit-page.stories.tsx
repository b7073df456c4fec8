import { apiSequence } from '@portal/storybook/api-mocks';
import { expect, userEvent, waitFor, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import { asAdmin, rows, storyAudit } from '../test/story-fixtures';
import AuditPage from './audit-page';

const listed = apiSequence('admin/audit/list', [{ data: storyAudit }]);

const meta = {
  title: 'mf-admin/Screens/AuditPage',
  component: AuditPage,
  ...asAdmin,
  parameters: { route: '/admin_audit?recordType=agent&from=2026-11-01&to=2026-11-24', msw: [listed.handler] },
} satisfies Meta<typeof AuditPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const list = (canvas: HTMLElement) => rows(canvas, 'audit');

/** Opened from a screen's 审计日志 link: its record type and the dates are in the address and the request. */
export const FilteredFromAddress: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const agentRow = (await list(canvasElement)).find((row) => row.textContent?.includes('节点'))!;
    await expect(listed.calls[0]).toEqual({
      limit: 500,
      recordType: 'agent',
      fromTimestamp: new Date(2026, 10, 1).getTime(),
      toTimestamp: new Date(2026, 10, 25).getTime() - 1,
    });
    await expect(canvas.getByLabelText('记录类型')).toHaveDisplayValue('节点');
    await expect(agentRow).toHaveTextContent('ctrl_port: 999 → 888');
    await expect(agentRow).not.toHaveTextContent('ssh_password');
    await userEvent.type(canvas.getByLabelText('操作人'), 'ops@');
    await waitFor(() => expect(listed.calls.at(-1)).toMatchObject({ operator: 'ops@', recordType: 'agent' }));
  },
};
