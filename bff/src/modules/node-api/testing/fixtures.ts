/** Test support: agents with secrets, lines and users with balances, made with plain SQL. */
import type { FastifyInstance } from 'fastify';
import { newObjectId, randomHex } from '../../../lib/random.js';
import { newNodeSecret } from '../service.js';

export interface TestNode {
  agentId: string;
  secret: string;
  lineIds: string[];
}

export async function createNode(
  app: FastifyInstance,
  options: {
    port?: number;
    lines?: Array<{
      protocol?: string;
      scale?: number;
      permissionRequire?: string;
      disableForAgency?: boolean;
      public?: boolean;
    }>;
    name?: string;
    orderID?: number;
  } = {},
): Promise<TestNode> {
  const agentId = `agent-${randomHex(6)}`;
  const { secret, hash } = newNodeSecret();
  await app.database.query(
    `INSERT INTO agents (id, name, country, type, ip, host, port, secret_hash, order_id, "desc")
     VALUES ($1, $2, $3, 'v2ray', '127.0.0.1', '127.0.0.1', $4, $5, $6, '测试节点')`,
    [
      agentId,
      options.name ?? '测试 01',
      JSON.stringify({ name: '日本', flag: '🇯🇵', code: 'JP' }),
      options.port ?? 10086,
      hash,
      options.orderID ?? 0,
    ],
  );
  const lineIds: string[] = [];
  for (const [i, line] of (options.lines ?? [{}]).entries()) {
    const id = `line-${randomHex(6)}`;
    lineIds.push(id);
    await app.database.query(
      `INSERT INTO lines (id, index, name, agent_id, protocol, scale, permission_require, disable_for_agency, public)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        id,
        i,
        `线路 ${i}`,
        agentId,
        line.protocol ?? 'vmesh_tcp',
        line.scale ?? 1,
        line.permissionRequire ?? null,
        line.disableForAgency ?? false,
        line.public ?? true,
      ],
    );
  }
  app.network.networkChanged();
  return { agentId, secret, lineIds };
}

export interface TestUserFields {
  traffic?: number;
  spendTraffic?: number;
  /** VIP (time package) days from now; negative = expired. */
  vipDays?: number;
  dailyLimit?: number;
  dailyUsage?: number;
  timePackageDay?: string;
  disabled?: boolean;
  isAgency?: boolean;
}

export async function createBalanceUser(
  app: FastifyInstance,
  fields: TestUserFields = {},
): Promise<{ id: string; userkey: string }> {
  const id = newObjectId();
  const userkey = randomHex(16);
  await app.database.query(
    `INSERT INTO users (id, email, password_hash, type, userkey, email_confirmed, traffic, spend_traffic, vip_expire_time,
       daily_limit, daily_time_package_usage, time_package_day, disabled, is_agency)
     VALUES ($1, $2, 'x', 'normal', $3, true, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      id,
      `u-${id}@example.com`,
      userkey,
      fields.traffic ?? 0,
      fields.spendTraffic ?? 0,
      fields.vipDays === undefined ? null : new Date(Date.now() + fields.vipDays * 86_400_000).toISOString(),
      fields.dailyLimit ?? null,
      fields.dailyUsage ?? 0,
      fields.timePackageDay ?? null,
      fields.disabled ?? false,
      fields.isAgency ?? false,
    ],
  );
  return { id, userkey };
}

export async function userBalance(app: FastifyInstance, id: string) {
  const [row] = await app.database.query<{
    traffic: string;
    spend_traffic: string;
    daily_time_package_usage: string;
    time_package_day: string | null;
  }>('SELECT traffic, spend_traffic, daily_time_package_usage, time_package_day::text FROM users WHERE id = $1', [id]);
  return {
    traffic: Number(row!.traffic),
    spendTraffic: Number(row!.spend_traffic),
    dailyUsage: Number(row!.daily_time_package_usage),
    day: row!.time_package_day,
  };
}

export function nodeQuery(node: TestNode, extra: Record<string, string> = {}) {
  return { node_id: node.agentId, token: node.secret, node_type: 'vmess', ...extra };
}
