import type { Agent, Entry, Line, User } from '../../db/schema.js';
import { ssClientPassword, userCredential } from './credentials.js';
import type { Proxy } from './model.js';
import { hasActiveTimePackage, userHasAllowance } from '../usage/eligibility.js';

/** The user fields the rules read. */
export type SubscriberUser = Pick<
  User,
  | 'id'
  | 'userkey'
  | 'traffic'
  | 'spendTraffic'
  | 'vipExpireTime'
  | 'disabled'
  | 'isAgency'
  | 'inForeign'
  | 'inXinjiang'
  | 'useEnglishNode'
  | 'timePackageDay'
  | 'dailyTimePackageUsage'
  | 'dailyLimit'
  | 'normalPermission'
  | 'deviceNum'
  | 'packageDeviceNum'
>;

/** An instant and the service-time-zone day it falls on (daily allowances reset by that day). */
export interface ServiceMoment {
  now: Date;
  today: string;
}

export interface CandidateLine {
  line: Line;
  agent: Agent;
  entry: Entry | null;
}

export type AccessState = 'ok' | 'disabled' | 'no_traffic' | 'daily_limit';

/** Rule 1: not disabled, and traffic left or a time package running. */
export function accessState(user: SubscriberUser, { now, today }: ServiceMoment): AccessState {
  if (user.disabled) return 'disabled';
  // The same allowance rule as the nodes' user lists, so a link never lists lines a node refuses.
  if (userHasAllowance(user, today, now)) return 'ok';
  return hasActiveTimePackage(user, now) ? 'daily_limit' : 'no_traffic';
}

/**
 * Rules 2 and 3: permission-bound lines and agency-disabled lines. Lines without a permission
 * ("normal" lines) need the user's normalPermission, which an operator may take away.
 */
export function lineAllowed(user: SubscriberUser, line: Line, permissionIds: ReadonlySet<string>): boolean {
  if (!line.public) return false;
  if (line.permissionRequire === null && !user.normalPermission) return false;
  if (line.permissionRequire !== null && !permissionIds.has(line.permissionRequire)) return false;
  if (line.disableForAgency && user.isAgency) return false;
  return true;
}

function formatScale(scale: number): string {
  return Number.isInteger(scale) ? String(scale) : String(Math.round(scale * 100) / 100);
}

/** Rule 4 (names): English or Chinese base name, copy number when num > 1, scale suffix when ≠ 1; fixName keeps the name as is. */
export function lineName(user: SubscriberUser, c: CandidateLine, copy: number): { name: string; flag: string } {
  const { line, agent } = c;
  const english = user.useEnglishNode;
  const base = english ? line.nameEn || agent.nameEn || `${agent.country.code ?? ''} ${line.name}`.trim() : line.name;
  if (line.fixName) return { name: base, flag: '' };
  let name = base;
  if (line.num > 1) name += ` ${copy + 1}`;
  if (line.scale !== 1) name += english ? ` x${formatScale(line.scale)}` : ` ${formatScale(line.scale)}倍`;
  return { name, flag: agent.country.flag };
}

/**
 * Where the client connects (rules 5 and 6). Direct: the agent's host (its IP for inXinjiang
 * users, or when it has no domain). Through an entry (bridge none/report with entryID): the entry's
 * host, or one of its IPs (rotating over ipList for the copies) for inXinjiang users or entries
 * without a domain; in_foreign users skip entries (domestic relays) and connect to the agent.
 * cf_cdn: the line's CDN domain (sni) on 443 with TLS; left out for inXinjiang users.
 */
export function endpoint(
  user: SubscriberUser,
  c: CandidateLine,
  copy: number,
): { server: string; port: number } | null {
  const { line, agent, entry } = c;
  if (line.bridge === 'cf_cdn') {
    if (user.inXinjiang || line.sni === '') return null;
    return { server: line.sni, port: line.port ?? 443 };
  }
  if (entry !== null && !user.inForeign) {
    const ips = entry.ipList.length > 0 ? entry.ipList : [entry.ip];
    const server = user.inXinjiang || entry.host === '' ? ips[copy % ips.length]! : entry.host;
    return { server, port: line.port ?? agent.zzPort };
  }
  if (line.bridge === 'report' && !user.inForeign) return null; // a relay line without its entry
  const server = user.inXinjiang || agent.host === '' ? agent.ip : agent.host;
  if (server === '') return null;
  return { server, port: entry !== null ? agent.port : (line.port ?? agent.port) };
}

/** The proxies of one user: every rule of docs/subscriptions.md applied. */
export function selectProxies(
  user: SubscriberUser,
  candidates: readonly CandidateLine[],
  permissionIds: ReadonlySet<string>,
  at: ServiceMoment,
): Proxy[] {
  if (accessState(user, at) !== 'ok') return [];
  const credential = userCredential(user.id, user.userkey);
  const proxies: Proxy[] = [];
  const used = new Set<string>();
  for (const c of candidates) {
    const { line } = c;
    if (!lineAllowed(user, line, permissionIds)) continue;
    for (let copy = 0; copy < line.num; copy += 1) {
      const at = endpoint(user, c, copy);
      if (at === null) break;
      const named = lineName(user, c, copy);
      let name = named.name;
      for (let n = 2; used.has(name); n += 1) name = `${named.name} (${n})`;
      used.add(name);
      const base = { name, flag: named.flag, server: at.server, port: at.port };
      const sni = line.sni !== '' ? line.sni : line.bridge === 'cf_cdn' ? at.server : c.agent.host;
      switch (line.protocol) {
        case 'vmesh_tcp':
        case 'vmesh_ws':
        case 'h2': {
          const network = line.protocol === 'vmesh_tcp' ? 'tcp' : line.protocol === 'vmesh_ws' ? 'ws' : 'h2';
          proxies.push({
            ...base,
            type: 'vmess',
            uuid: credential.uuid,
            alterId: line.alterId,
            cipher: line.vmessCipher,
            network,
            tls: network === 'h2' || line.tls || line.bridge === 'cf_cdn',
            sni: network === 'tcp' && !line.tls ? '' : sni,
            path: network === 'ws' ? line.wsPath : network === 'h2' ? line.h2Path : '',
          });
          break;
        }
        case 'ss':
        case 'compat': {
          // compat: classic AEAD Shadowsocks, the protocol every client understands.
          const method =
            line.protocol === 'compat' && line.ssMethod.startsWith('2022-') ? 'aes-128-gcm' : line.ssMethod;
          proxies.push({
            ...base,
            type: 'ss',
            method,
            password: ssClientPassword(credential, method, line.ssServerKey),
          });
          break;
        }
        case 'reality':
          proxies.push({
            ...base,
            type: 'vless',
            uuid: credential.uuid,
            flow: line.flow,
            serverName: line.realityServerName,
            publicKey: line.realityPublicKey,
            shortId: line.realityShortId,
          });
          break;
      }
    }
  }
  return proxies;
}

/**
 * A user without access, or without any line, gets one informative entry (a classic Shadowsocks
 * proxy on 127.0.0.1:1 that every client parses and none can use) instead of an error page.
 */
export function placeholderProxy(
  state: AccessState | 'no_lines' | 'device_limit' | 'no_hwid',
  english: boolean,
): Proxy {
  const text = {
    device_limit: english
      ? 'Device limit reached - remove an old device in the user center'
      : '设备数已达上限，请登录用户中心移除旧设备',
    no_hwid: english ? 'Update with a client that sends a device ID' : '请使用支持设备识别的客户端更新订阅',
    disabled: english ? 'Account disabled - contact support' : '账号已停用，请联系客服',
    no_traffic: english ? 'No traffic left - please renew' : '流量已用完或套餐已到期，请登录续费',
    daily_limit: english ? "Today's allowance used up - back tomorrow" : '今日套餐流量已用完，明日自动恢复',
    no_lines: english ? 'No line available yet' : '暂无可用线路，请稍后更新订阅',
    ok: english ? 'No line available yet' : '暂无可用线路，请稍后更新订阅',
  }[state];
  return {
    type: 'ss',
    name: text,
    flag: '',
    server: '127.0.0.1',
    port: 1,
    method: 'aes-128-gcm',
    password: 'unavailable',
  };
}
