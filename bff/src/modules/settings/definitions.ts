import {
  DEFAULT_CONTINUE_SIGN_USE_DAY,
  DEFAULT_SIGN_USE_REWARD_MB,
  GIFT_FEE_PERCENT,
  GIFT_MIN_GB,
  thirdPayPlatforms,
  type ServerType,
} from '@portal/contracts';
import { notificationEventKeys } from '@portal/contracts/notifications';
import { AppleIdAccounts, ClientRules, HttpUrl as Url } from '@portal/contracts/schemas';
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import type { SecretBindings } from '../../lib/secrets.js';
import { clientRulesProblem, DEFAULT_CLIENT_RULES } from '../subscriptions/client-rules.js';
import { DEFAULT_QX_REWRITE, DEFAULT_QX_RULE_SETS, DEFAULT_SUBSCRIPTION_RULES } from './subscription-defaults.js';

export interface SettingDefinition<S extends TSchema = TSchema> {
  schema: S;
  default: Static<S>;
  /** What an operator sees next to the field on the configuration screen. */
  label: string;
  /** The section of the configuration screen (支付, 签到…). */
  group: string;
  /** Bookkeeping of the service itself, never listed for operators nor set by them. */
  internal?: boolean;
  /** Write-only: shown masked, kept when the screen sends the mask back. */
  secret?: boolean;
  /** Secret properties inside an object value (at any depth), masked and kept the same way. */
  secretProperties?: string[];
  /** Secret properties bound to a sibling address: cleared when the address changes (lib/secrets). */
  secretBindings?: SecretBindings;
  /** What the schema cannot say (a regular expression that compiles): the refusal's words, or undefined. */
  check?: (value: never) => string | undefined;
  /** Not secret, but changing it needs settings.secrets (where events with users' data are sent). */
  guarded?: boolean;
}

type Options = Pick<
  SettingDefinition,
  'internal' | 'secret' | 'secretProperties' | 'secretBindings' | 'check' | 'guarded'
>;

function define<S extends TSchema>(
  schema: S,
  defaultValue: Static<S>,
  label: string,
  options: Options = {},
): Omit<SettingDefinition<S>, 'group'> {
  return { schema, default: defaultValue, label, ...options };
}

/** The settings of one section of the configuration screen, in the order the form shows them. */
function section<T extends Record<string, Omit<SettingDefinition, 'group'>>>(
  group: string,
  definitions: T,
): { [K in keyof T]: T[K] & { group: string } } {
  const out = {} as Record<string, SettingDefinition>;
  for (const [key, definition] of Object.entries(definitions)) out[key] = { ...definition, group };
  return out as { [K in keyof T]: T[K] & { group: string } };
}

const RuleLine = Type.String({
  maxLength: 300,
  pattern:
    '^(DOMAIN|DOMAIN-SUFFIX|DOMAIN-KEYWORD|IP-CIDR|GEOIP),[^,\\s]+,(PROXY|DIRECT|REJECT)$|^MATCH,(PROXY|DIRECT)$',
});
const RuleSetLine = Type.String({
  maxLength: 300,
  pattern: '^(DOMAIN|DOMAIN-SUFFIX|DOMAIN-KEYWORD|IP-CIDR|GEOIP),[^,\\s]+$',
});
const QxRuleSets = Type.Object({
  Internal: Type.Array(RuleSetLine, { maxItems: 5000 }),
  Apple: Type.Array(RuleSetLine, { maxItems: 5000 }),
  GlobalMedia: Type.Array(RuleSetLine, { maxItems: 5000 }),
  Global: Type.Array(RuleSetLine, { maxItems: 5000 }),
});
const PayProvider = Type.Union([
  Type.Literal('sandbox'),
  Type.Literal('off'),
  ...thirdPayPlatforms.map((p) => Type.Literal(p)),
]);
// Titles name the columns of the platform's row on the configuration screen.
const EpayPlatform = Type.Object({
  /** The gateway's base URL; submit.php and mapi.php live under it. */
  gateway: Url(512, { title: '网关地址' }),
  pid: Type.String({ maxLength: 64, title: '商户号（pid）' }),
  key: Type.String({ maxLength: 128, title: '密钥' }),
});
/** MB amounts up to 1 TiB. */
const Megabytes = Type.Integer({ minimum: 0, maximum: 1_048_576 });
const Seconds = Type.Integer({ minimum: 10, maximum: 3600 });

/**
 * Every operator setting, its type and its default, in one place (names as in spec-2 §3). A new
 * setting is one line here; the settings table stores only values that differ from the default.
 * The admin configuration screen is generated from these (group, label, schema, secrets).
 */
export const settingDefinitions = {
  // Payments (docs/payments.md). A method's provider: the built-in sandbox, one of the epay
  // platforms of `epay_platforms`, or 'off'.
  ...section('支付', {
    alipay: define(PayProvider, 'sandbox', '支付宝支付通道'),
    wxpay: define(PayProvider, 'sandbox', '微信支付通道'),
    urlscheme: define(PayProvider, 'sandbox', '支付宝跳转（urlscheme）通道'),
    // Partial: a Record keyed by a union of literals makes every platform required otherwise.
    epay_platforms: define(
      Type.Partial(Type.Record(Type.Union(thirdPayPlatforms.map((p) => Type.Literal(p))), EpayPlatform)),
      {},
      '第三方支付平台（易支付协议：网关、商户号、密钥）',
      // A key kept for a new gateway would go there with the next order query (reconcile job).
      { secretProperties: ['key'], secretBindings: { key: 'gateway' } },
    ),
    usdtpay: define(
      Type.String({ maxLength: 64, pattern: '^(T[1-9A-HJ-NP-Za-km-z]{33})?$' }),
      '',
      'USDT-TRC20 收款地址（为空时关闭 USDT 支付）',
    ),
    exchange_rate: define(Type.Number({ exclusiveMinimum: 0, maximum: 1000 }), 7.2, 'USDT 汇率（1 USDT 兑人民币）'),
    usdtCheckTime: define(Type.Integer({ minimum: 1, maximum: 1440 }), 30, 'USDT 到账检查时长（分钟）'),
    usdtCheckInterval: define(Type.Integer({ minimum: 2, maximum: 3600 }), 15, 'USDT 到账检查间隔（秒）'),
    usdt_chain_api: define(Url(), 'https://api.trongrid.io', 'TRC20 链上数据接口地址'),
    notify_url: define(Url(), '', '支付回调地址前缀（为空时使用 PUBLIC_BASE_URL 或当前地址）'),
    return_url: define(Url(), '', '支付完成后的返回地址（为空时返回订单页）'),
    // Longer than usdtCheckTime, so that a USDT transfer made near the end of its window still pays
    // the order instead of landing in the wallet.
    order_expire_minutes: define(
      Type.Integer({ minimum: 5, maximum: 10_080 }),
      60,
      '未支付订单自动取消时间（分钟，应大于 USDT 到账检查时长）',
    ),
    /** Users invited with this channel code see only products priced above 20 yuan (spec-2 §2). */
    shop_high_price_channel_code: define(Type.String({ maxLength: 32 }), '', '只显示 20 元以上商品的渠道码'),
  }),

  // Invite rebates (spec-2 channel) and withdrawals.
  ...section('返利与提现', {
    openChannel: define(Type.Boolean(), true, '开放邀请返利'),
    inviteRule: define(Type.Boolean(), false, '仅限受邀注册（邀请制）'),
    channelRewardRate: define(Type.Number({ minimum: 0.05, maximum: 0.5 }), 0.1, '默认返利比例（0.05～0.5）'),
    channelConsumerDuration: define(
      Type.Integer({ minimum: 1, maximum: 3650 }),
      365,
      '被邀请用户注册后多少天内的消费返利（天）',
    ),
    min_charge_money: define(Type.Number({ minimum: 0, maximum: 1_000_000 }), 500, '最低提现金额（元）'),
  }),

  // Daily sign-in (spec-1 §3).
  ...section('签到', {
    signUseRewardTraffic: define(Megabytes, DEFAULT_SIGN_USE_REWARD_MB, '每日签到奖励流量（MB）'),
    continueSignUseDay: define(
      Type.Integer({ minimum: 1, maximum: 366 }),
      DEFAULT_CONTINUE_SIGN_USE_DAY,
      '连续签到奖励所需天数',
    ),
    continueSignReward: define(Megabytes, 1024, '连续签到额外奖励流量（MB）'),
  }),

  // The announcement dialog (spec-1 §2).
  ...section('公告', {
    notice_show: define(Type.Boolean(), false, '显示公告'),
    notice_mark_red: define(Type.Boolean(), false, '公告标红'),
    notice_title: define(Type.String({ maxLength: 200 }), '', '公告标题'),
    notice_content: define(Type.String({ maxLength: 20_000 }), '', '公告内容'),
    notice_day_interval: define(Type.Integer({ minimum: 0, maximum: 365 }), 1, '公告弹出间隔（天）'),
    entry_url: define(Url(), '', '入口页地址（为空时使用 PUBLIC_BASE_URL 或当前地址）'),
    contact: define(Type.String({ maxLength: 200 }), '', '联系方式'),
    // Tickets (spec-2 §2): admins are told of new tickets and users' replies at this address too.
    supportEmail: define(
      Type.String({ maxLength: 254, pattern: '^([^\\s@]+@[^\\s@]+\\.[^\\s@]+)?$' }),
      '',
      '工单通知邮箱（新工单和用户回复时发邮件通知，为空时不发送）',
    ),
    chat_group_url: define(Url(), '', '交流群链接'),
  }),

  ...section('域名', {
    preferDomain: define(Type.String({ maxLength: 253 }), '', '推荐访问域名'),
    describe_host: define(Url(), '', '订阅链接地址（为空时使用 DESCRIBE_HOST）'),
    // Where the clients fetch their remote rule files (userinfo's content_host): a mirror of /describe/.
    contentUrl_guonei: define(
      Url(),
      '',
      '国内内容地址（Quantumult、QuantumultX 的远程规则从「地址/describe/」下载；为空时与订阅链接同一地址）',
    ),
    contentUrl_guowai: define(
      Url(),
      '',
      '海外内容地址（开启海外订阅的用户从这里下载远程规则；为空时与订阅链接同一地址）',
    ),
  }),

  // Subscriptions (docs/subscriptions.md): templates are data. Rules use `TYPE,VALUE,POLICY` with
  // TYPE in DOMAIN, DOMAIN-SUFFIX, DOMAIN-KEYWORD, IP-CIDR, GEOIP, MATCH and POLICY in PROXY, DIRECT, REJECT;
  // each client format translates them into its own syntax.
  ...section('订阅', {
    subscription_title: define(Type.String({ maxLength: 60 }), '', '订阅名称（为空时使用产品名）'),
    subscription_update_hours: define(Type.Integer({ minimum: 1, maximum: 168 }), 24, '订阅更新间隔（小时）'),
    subscription_no_hwid: define(
      Type.Union([Type.Literal('allow'), Type.Literal('count'), Type.Literal('refuse')]),
      'allow',
      '订阅：客户端未发送设备标识（x-hwid）时（allow 放行；count 计为一台未知设备；refuse 拒绝）',
    ),
    subscription_client_rules: define(
      ClientRules,
      DEFAULT_CLIENT_RULES,
      '通用订阅链接：客户端规则（按顺序匹配请求头，第一条命中的规则决定返回的格式；都不命中时返回分享链接）',
      { check: clientRulesProblem },
    ),
    subscription_group_select: define(Type.String({ minLength: 1, maxLength: 40 }), '节点选择', '订阅：手动选择分组名'),
    subscription_group_auto: define(Type.String({ minLength: 1, maxLength: 40 }), '自动选择', '订阅：自动测速分组名'),
    subscription_rules: define(
      Type.Array(RuleLine, { maxItems: 5000 }),
      DEFAULT_SUBSCRIPTION_RULES,
      '订阅：分流规则（TYPE,VALUE,POLICY）',
    ),
    qx_rule_sets: define(QxRuleSets, DEFAULT_QX_RULE_SETS, 'QuantumultX 远程规则集（TYPE,VALUE）'),
    qx_rewrite: define(
      Type.Array(Type.String({ maxLength: 500 }), { maxItems: 1000 }),
      DEFAULT_QX_REWRITE,
      'QuantumultX 重写规则',
    ),
  }),

  // Node traffic accounting (modules/usage) and the node API's intervals (modules/node-api).
  ...section('节点与流量', {
    traffic_spend_scale: define(Type.Number({ minimum: 0, maximum: 100 }), 1, '流量计费倍率（全局）'),
    upload_traffic_spend_scale: define(Type.Number({ minimum: 0, maximum: 100 }), 1, '上传流量计费倍率'),
    minestTrafficSpend: define(Megabytes, 0, '单次上报最低计费流量（MB，0 为按实际）'),
    // Spec-2 names these without saying what they do: kept, off the screen (docs/settings.md).
    noGlobalTrafficScaleLimit: define(Type.Boolean(), false, '不限制全局流量倍率', { internal: true }),
    updateV2rayDuration: define(Seconds, 60, '节点拉取配置和用户列表的间隔（秒）'),
    trafficStasticDuration: define(Seconds, 60, '节点上报流量的间隔（秒）'),
    vip_traffic_thred_rate_limit: define(
      Type.Integer({ minimum: 0, maximum: 1_000_000 }),
      0,
      '时长包每日限速阈值（G，0 为不限速）',
      { internal: true },
    ),
    // Traffic gifts (spec-2 §5, §9): the smallest gift and the platform's fee.
    minPushNum: define(Type.Integer({ minimum: 1, maximum: 100_000 }), GIFT_MIN_GB, '流量转赠最低数量（G）'),
    costRate: define(Type.Number({ minimum: 0, maximum: 0.9 }), GIFT_FEE_PERCENT / 100, '流量转赠手续费比例（0～0.9）'),
  }),

  // What a node runs to install or upgrade itself, by its server type (agents/upgrade_agentserver).
  ...section('安装脚本', {
    apine_install: define(Url(1024), '', 'Alpine 安装脚本地址'),
    ubuntu_x86_install: define(Url(1024), '', 'Ubuntu x86 安装脚本地址'),
    ubuntu_arm_install: define(Url(1024), '', 'Ubuntu ARM 安装脚本地址'),
    ubuntu_guonei_install: define(Url(1024), '', 'Ubuntu 国内安装脚本地址'),
    ubuntu_reality_install: define(Url(1024), '', 'Ubuntu Reality 安装脚本地址'),
    alpine_reality_install: define(Url(1024), '', 'Alpine Reality 安装脚本地址'),
  }),

  ...section('抽奖', {
    prizeBaseCost: define(Type.Number({ minimum: 0, maximum: 1000 }), 1, '每次抽奖消耗流量（G）'),
    gameSeat: define(Type.Integer({ minimum: 0, maximum: 1000 }), 0, '抽奖游戏座位数', { internal: true }),
  }),

  // The shared Apple ID page (spec-2 §2): handed to paid users only (/api/user/apple_ids).
  ...section('共享 Apple ID', {
    apple_ids: define(
      AppleIdAccounts,
      [],
      '共享 Apple ID 账号列表（account 账号、password 密码、region 地区、note 备注、status 状态）',
    ),
  }),

  // Staff (spec-2 §3, issue 25; modules/staff): stored as user ids, e-mails are turned into ids on save.
  ...section('员工', {
    admin_id: define(
      Type.String({ maxLength: 254 }),
      '',
      '站长（拥有全部权限、不能被他人降级或停用；填写邮箱或用户 ID，只有站长本人可以更改）',
    ),
    yunying_list: define(
      Type.String({ maxLength: 20_000 }),
      '',
      '运营人员（邮箱或用户 ID，逗号或换行分隔；员工管理中另有任命的以任命为准）',
    ),
    // docs/second-factor.md: staff without a factor are refused on every operator call until they enrol.
    staff_second_factor_required: define(
      Type.Boolean(),
      false,
      '后台人员必须开启两步验证（未开启者只能先设置两步验证）',
    ),
  }),

  // Notifications (issue 28, docs/notifications.md): the webhook, the Telegram bot, node silence.
  ...section('通知', {
    webhook_url: define(Url(), '', 'Webhook 地址（http 或 https，可以是本机地址；为空时不发送）', { guarded: true }),
    webhook_secret: define(
      Type.String({ maxLength: 256 }),
      '',
      'Webhook 签名密钥（X-Webhook-Signature: sha256=HMAC）',
      {
        secret: true,
      },
    ),
    webhook_events: define(
      Type.Array(Type.String({ pattern: `^(${notificationEventKeys.map((k) => k.replace('.', '\\.')).join('|')})$` }), {
        maxItems: notificationEventKeys.length,
      }),
      [],
      `Webhook 发送的事件（每行一个，为空时发送全部）：${notificationEventKeys.join('、')}`,
      { guarded: true },
    ),
    telegram_bot_token: define(
      Type.String({ maxLength: 128, pattern: '^([0-9]{1,20}:[A-Za-z0-9_-]{20,100})?$' }),
      '',
      'Telegram 机器人令牌（@BotFather 提供；为空时关闭 Telegram 通知）',
      { secret: true },
    ),
    node_offline_minutes: define(
      Type.Integer({ minimum: 1, maximum: 1440 }),
      5,
      '节点多少分钟没有拉取或上报时通知离线（分钟）',
    ),
  }),

  ...section('内部', {
    demo_data_applied: define(Type.Boolean(), false, '演示数据已创建', { internal: true }),
    /** The sandbox gateway's epay key: made once (random) by the first instance that needs it. */
    sandbox_pay_key: define(Type.String({ maxLength: 128 }), '', '沙箱支付网关密钥', { internal: true, secret: true }),
  }),
} satisfies Record<string, SettingDefinition>;

/** Where a node of each server type finds its install script (agents/upgrade_agentserver). */
export const installScriptSetting = {
  apine: 'apine_install',
  ubuntu_x86: 'ubuntu_x86_install',
  ubuntu_arm: 'ubuntu_arm_install',
  ubuntu_guonei: 'ubuntu_guonei_install',
  ubuntu_reality: 'ubuntu_reality_install',
  alpine_reality: 'alpine_reality_install',
} as const satisfies Record<ServerType, keyof typeof settingDefinitions>;

export type SettingKey = keyof typeof settingDefinitions;
export type SettingValue<K extends SettingKey> = Static<(typeof settingDefinitions)[K]['schema']>;
export type SettingValues<K extends SettingKey = SettingKey> = { [P in K]: SettingValue<P> };

export const settingKeys = Object.keys(settingDefinitions) as SettingKey[];

export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(settingDefinitions, key);
}
