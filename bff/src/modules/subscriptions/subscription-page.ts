import { GiB } from '@portal/contracts';
import {
  buildSubscriptionLinks,
  oneTapUrl,
  quantumultXResource,
  qxRuleHost,
  shadowrocketSub,
} from '@portal/platform/subscription-links';
import QRCode from 'qrcode';
import { escapeHtml } from '../../lib/html.js';

/** What the page shows of the user: nothing the link itself does not already give. */
export interface SubscriptionPageFacts {
  title: string;
  userId: string;
  userkey: string;
  /** Bytes. */
  traffic: number;
  spendTraffic: number;
  vipExpireTime: Date | null;
  /** The universal link itself (what the browser opened). */
  autoUrl: string;
  /** The base of every link (the describe host, or this server). */
  base: string;
  timeZone: string;
}

const gb = (bytes: number) => (bytes / GiB).toFixed(2);

/** A client of the page: its name, the link it imports and the one-tap URL that hands it over. */
interface PageClient {
  name: string;
  link: string;
  tap: string;
}

function clientsOf(facts: SubscriptionPageFacts, title: string): PageClient[] {
  const links = buildSubscriptionLinks({ _id: facts.userId, userkey: facts.userkey }, facts.base, facts.base, title);
  return [
    { name: 'Clash Verge / Clash Meta', link: links.mjclash, tap: oneTapUrl.clashMeta(links.mjclash, title) },
    { name: 'FlClash', link: links.flclash, tap: oneTapUrl.flclash(links.flclash) },
    { name: 'Clash', link: links.clashNamed, tap: oneTapUrl.clash(links.clash, title) },
    { name: 'sing-box', link: links.singbox, tap: oneTapUrl.singbox(links.singbox, title) },
    { name: 'Shadowrocket', link: shadowrocketSub(links.ssr), tap: oneTapUrl.shadowrocket(links.ssr, title) },
    {
      name: 'Quantumult X',
      link: links.qx,
      tap: oneTapUrl.quantumultX(quantumultXResource(links.qx, qxRuleHost(links.contentBase), title)),
    },
    { name: 'Surge', link: links.surge, tap: oneTapUrl.surge(links.surge) },
    { name: 'v2rayNG', link: links.v2rayng, tap: oneTapUrl.v2rayng(links.v2rayng, title) },
    { name: 'V2Box', link: links.v2box, tap: oneTapUrl.v2box(links.v2box, title) },
    { name: 'Streisand', link: links.streisand, tap: oneTapUrl.streisand(links.streisand, title) },
  ];
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:15px/1.5 system-ui,-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;color:#1a202c;background:#f4f6fa}
main{max-width:720px;margin:0 auto;padding:16px}h1{font-size:20px;margin:8px 0 12px}h2{font-size:16px;margin:0}
.card{background:#fff;border:1px solid #e2e8f0;border-radius:10px;padding:14px;margin-bottom:12px}
.facts{display:grid;grid-template-columns:repeat(auto-fit,minmax(140px,1fr));gap:8px}.facts div{background:#f7fafc;border-radius:8px;padding:8px}
.facts b{display:block;font-size:18px}.muted{color:#4a5568;font-size:13px}
.client{display:flex;gap:12px;align-items:flex-start}.client svg{width:112px;height:112px;flex:none}
.client .body{min-width:0;flex:1}input{width:100%;font:12px ui-monospace,monospace;padding:6px;border:1px solid #cbd5e0;border-radius:6px;margin:6px 0}
a.tap{display:inline-block;background:#2b6cb0;color:#fff;text-decoration:none;padding:6px 12px;border-radius:6px}
@media (max-width:420px){.client{flex-direction:column}.client svg{width:160px;height:160px}}
`;

/**
 * The page a browser gets from the universal link (no script, phone-first): the plan, what is
 * left, the expiry, and for each client its one-tap import, its link and a QR code to scan.
 */
export async function subscriptionPage(facts: SubscriptionPageFacts): Promise<string> {
  const left = Math.max(0, facts.traffic - facts.spendTraffic);
  const expiry =
    facts.vipExpireTime === null
      ? '无'
      : new Intl.DateTimeFormat('zh-CN', { timeZone: facts.timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(
          facts.vipExpireTime,
        );
  const title = escapeHtml(facts.title);
  const clients = await Promise.all(
    clientsOf(facts, facts.title).map(async (client) => {
      const qr = await QRCode.toString(client.link, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      return `<section class="card client" data-client="${escapeHtml(client.name)}">${qr.replace('<svg', `<svg role="img" aria-label="${escapeHtml(client.name)} 二维码"`)}<div class="body"><h2>${escapeHtml(client.name)}</h2><input readonly aria-label="${escapeHtml(client.name)} 订阅链接" value="${escapeHtml(client.link)}"><a class="tap" href="${escapeHtml(client.tap)}">一键导入</a></div></section>`;
    }),
  );
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${title} · 订阅</title><style>${STYLE}</style></head><body><main>
<h1>${title}</h1>
<section class="card"><div class="facts"><div><span class="muted">剩余流量</span><b data-testid="traffic-left">${gb(left)} G</b></div><div><span class="muted">总流量</span><b>${gb(facts.traffic)} G</b></div><div><span class="muted">套餐到期</span><b data-testid="expiry">${escapeHtml(expiry)}</b></div></div>
<p class="muted">通用订阅链接（各客户端自动获取对应格式）：</p><input readonly aria-label="通用订阅链接" value="${escapeHtml(facts.autoUrl)}"><p class="muted">请勿分享此页面或链接：它就是您的订阅密钥。</p></section>
${clients.join('\n')}
</main></body></html>`;
}
