import { PRODUCT_NAME } from '@portal/contracts';
import { escapeHtml } from '../../lib/html.js';
import type { EpayParams } from './epay.js';

/**
 * The sandbox gateway's pages: Chinese, usable on a phone, no script and no external asset. The
 * stylesheet is served by the gateway itself (`page.css`), so the CSP's style-src 'self' is enough.
 * Addresses are relative to the gateway folder.
 */

export const SANDBOX_STYLESHEET = `
*{box-sizing:border-box}
body{margin:0;font-family:-apple-system,BlinkMacSystemFont,"PingFang SC","Microsoft YaHei","Noto Sans CJK SC",sans-serif;background:#f2f4f7;color:#1f2937}
main{max-width:420px;margin:0 auto;padding:24px 16px}
.card{background:#fff;border-radius:16px;padding:24px 20px;box-shadow:0 2px 12px rgba(0,0,0,.08);text-align:center}
.badge{display:inline-block;margin:0 0 12px;padding:4px 10px;border-radius:999px;background:#fff7e6;color:#ad6800;font-size:13px}
h1{margin:4px 0 16px;font-size:22px}
dl{margin:0 0 8px;text-align:left;font-size:15px}
dt{color:#6b7280;margin-top:8px}
dd{margin:2px 0 0;word-break:break-all}
.amount{margin:16px 0;font-size:40px;font-weight:700;color:#1677ff}
.qr{margin:8px auto 16px;width:180px}
.qr svg{width:180px;height:180px;display:block}
.qr figcaption{font-size:13px;color:#6b7280;margin-top:4px}
form{display:flex;flex-direction:column;gap:12px;margin-top:8px}
button,.button{display:block;width:100%;min-height:52px;border:0;border-radius:12px;font-size:18px;font-weight:600;cursor:pointer;text-decoration:none;line-height:52px}
.approve{background:#1677ff;color:#fff}
.decline{background:#f3f4f6;color:#374151}
.success h1{color:#16a34a}
.declined h1{color:#6b7280}
.error h1{color:#dc2626}
.message{font-size:15px;color:#4b5563;margin:0 0 20px}
`;

const TYPE_LABELS: Record<string, string> = { alipay: '支付宝', wxpay: '微信支付' };

function layout(title: string, body: string, tone = ''): string {
  return (
    '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="robots" content="noindex"><meta name="referrer" content="same-origin">' +
    `<title>${escapeHtml(title)} - ${escapeHtml(PRODUCT_NAME)}</title>` +
    '<link rel="stylesheet" href="page.css"></head>' +
    `<body><main><div class="card ${tone}">${body}</div></main></body></html>`
  );
}

export interface PayPageView {
  /** The signed submit request (shown, and posted back with the decision). */
  params: EpayParams;
  /** An SVG QR code of this page's own address. */
  qrSvg: string;
}

export function payPage({ params, qrSvg }: PayPageView): string {
  const field = (name: string) => escapeHtml(params[name] ?? '');
  const hidden = Object.entries(params)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  const body =
    '<p class="badge">沙箱支付 · 测试环境，不会真实扣款</p>' +
    `<h1>${escapeHtml(TYPE_LABELS[params.type ?? ''] ?? '在线支付')}</h1>` +
    `<dl><dt>商品</dt><dd>${field('name')}</dd><dt>订单号</dt><dd>${field('out_trade_no')}</dd></dl>` +
    `<p class="amount">¥${field('money')}</p>` +
    `<figure class="qr">${qrSvg}<figcaption>用手机扫码，在手机上打开本页</figcaption></figure>` +
    `<form method="post" action="decide">${hidden}` +
    '<button type="submit" name="decision" value="approve" class="approve">同意支付</button>' +
    '<button type="submit" name="decision" value="decline" class="decline">拒绝</button>' +
    '</form>';
  return layout('沙箱支付', body);
}

export interface ResultPageView {
  title: string;
  message: string;
  tone: 'success' | 'declined' | 'error';
  /** Where "返回商户" leads; shown only for an http(s) address or a path of this site. */
  returnUrl?: string | undefined;
}

export function resultPage({ title, message, tone, returnUrl }: ResultPageView): string {
  const back =
    returnUrl !== undefined && /^(https?:\/\/|\/(?!\/))/i.test(returnUrl)
      ? `<a class="button approve" href="${escapeHtml(returnUrl)}">返回商户</a>`
      : '';
  return layout(title, `<h1>${escapeHtml(title)}</h1><p class="message">${escapeHtml(message)}</p>${back}`, tone);
}
