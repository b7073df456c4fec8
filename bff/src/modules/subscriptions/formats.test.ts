import { readFileSync } from 'node:fs';
import { SPEED_TEST_URL } from '@portal/contracts';
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { settingDefinitions } from '../settings/definitions.js';
import { userCredential } from './credentials.js';
import { parseRules, type FormatContext } from './formats/context.js';
import { formats } from './formats/index.js';
import { fixtureCandidates, fixtureUser, AT } from './fixtures.js';
import { subscriptionKinds, type SubscriptionKind } from '@portal/contracts';
import { placeholderProxy, selectProxies } from './rules.js';
import { forClient } from './service.js';

const nodeModules = new URL('../../../../node_modules/', import.meta.url);
const user = fixtureUser();
const credential = userCredential(user.id, user.userkey);

function render(kind: SubscriptionKind, query: Record<string, string> = {}): string {
  const proxies = selectProxies(user, fixtureCandidates(), new Set(), AT);
  const ctx: FormatContext = {
    proxies: forClient(kind, proxies, placeholderProxy('no_lines', false)),
    title: '云梯加速',
    url: `https://sub.example.com/api/subscript/${kind}/${user.id}/${user.userkey}`,
    host: 'sub.example.com',
    base: 'https://sub.example.com',
    rules: parseRules(settingDefinitions.subscription_rules.default),
    groups: { select: '节点选择', auto: '自动选择' },
    speedTestUrl: SPEED_TEST_URL,
    updateHours: 24,
    query,
  };
  return formats[kind].render(ctx);
}

/** Drops draft-04 style `id: "<string>"` (ajv 8 refuses that keyword); property schemas named id stay. */
function withoutLegacyIds(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutLegacyIds);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node))
    if (!(key === 'id' && typeof value === 'string')) out[key] = withoutLegacyIds(value);
  return out;
}

const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
const mihomoSchema = JSON.parse(
  readFileSync(new URL('meta-json-schema/schemas/meta-json-schema.json', nodeModules), 'utf8'),
) as object;
const singboxSchema = JSON.parse(
  readFileSync(new URL('@black-duty/sing-box-schema/schema.json', nodeModules), 'utf8'),
) as object;
const validateMihomo = ajv.compile(withoutLegacyIds(mihomoSchema) as object);
const validateSingbox = new Ajv2020({ strict: false, allErrors: true, validateFormats: false }).compile(
  withoutLegacyIds(singboxSchema) as object,
);

const b64 = (s: string) => Buffer.from(s, 'base64').toString('utf8');

interface VmessJson {
  v: string;
  ps: string;
  add: string;
  port: string;
  id: string;
  aid: string;
  scy: string;
  net: string;
  type: string;
  host: string;
  path: string;
  tls: string;
  sni: string;
}

/** Decodes one share link field by field. */
function decodeLink(link: string): Record<string, unknown> {
  if (link.startsWith('vmess://')) {
    const json = JSON.parse(b64(link.slice(8))) as VmessJson;
    expect(json.v).toBe('2');
    expect(json.id).toBe(credential.uuid);
    expect(Number(json.port)).toBeGreaterThan(0);
    expect(['tcp', 'ws', 'h2']).toContain(json.net);
    expect(['', 'tls']).toContain(json.tls);
    return { kind: 'vmess', ...json };
  }
  const url = new URL(link);
  if (url.protocol === 'vless:') {
    expect(url.username).toBe(credential.uuid);
    expect(url.searchParams.get('security')).toBe('reality');
    expect(url.searchParams.get('pbk')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('sid')).toMatch(/^[0-9a-f]{0,16}$/);
    expect(url.searchParams.get('flow')).toBe('xtls-rprx-vision');
    expect(url.searchParams.get('sni')).toBe('www.microsoft.com');
    return { kind: 'vless', server: url.hostname, port: Number(url.port), name: decodeURIComponent(url.hash.slice(1)) };
  }
  expect(url.protocol).toBe('ss:');
  const userinfo =
    url.password !== ''
      ? `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`
      : Buffer.from(url.username, 'base64url').toString('utf8');
  const [method, ...rest] = userinfo.split(':');
  const password = rest.join(':');
  if (method!.startsWith('2022-')) expect(password).toBe(`AAECAwQFBgcICQoLDA0ODw==:${credential.ssKey16}`);
  else expect(password).toBe(credential.ssPassword);
  return {
    kind: 'ss',
    method,
    server: url.hostname,
    port: Number(url.port),
    name: decodeURIComponent(url.hash.slice(1)),
  };
}

describe('subscription formats', () => {
  it.each(['clash', 'mjclash', 'flclash'] as const)('%s is mihomo YAML that passes meta-json-schema', (kind) => {
    const config = parse(render(kind)) as {
      proxies: Array<{ name: string; type: string }>;
      'proxy-groups': Array<{ url?: string; type: string }>;
      rules: string[];
    };
    const ok = validateMihomo(config);
    expect(ok, JSON.stringify(validateMihomo.errors?.slice(0, 5))).toBe(true);
    const types = config.proxies.map((p) => p.type);
    if (kind === 'clash') {
      expect(types).not.toContain('vless');
      expect(
        config.proxies
          .filter((p) => p.type === 'ss')
          .every((p) => !(p as unknown as { cipher: string }).cipher.startsWith('2022')),
      ).toBe(true);
    } else expect(types).toContain('vless');
    expect(config['proxy-groups'].find((g) => g.type === 'url-test')?.url).toBe(SPEED_TEST_URL);
    expect(config.rules[0]).toBe('DOMAIN,sub.example.com,DIRECT');
    expect(config.rules.at(-1)).toBe('MATCH,节点选择');
    const flagged = config.proxies.some((p) => p.name.startsWith('🇯🇵 '));
    expect(flagged).toBe(kind === 'mjclash');
  });

  it('singbox passes the sing-box schema, with selector and urltest', () => {
    const config = JSON.parse(render('singbox')) as { outbounds: Array<{ type: string; url?: string }> };
    const ok = validateSingbox(config);
    expect(ok, JSON.stringify(validateSingbox.errors?.slice(0, 5))).toBe(true);
    const types = config.outbounds.map((o) => o.type);
    expect(types).toEqual(expect.arrayContaining(['selector', 'urltest', 'vmess', 'vless', 'shadowsocks', 'direct']));
    expect(config.outbounds.find((o) => o.type === 'urltest')?.url).toBe(SPEED_TEST_URL);
  });

  it.each(['v2box', 'ssr', 'ss'] as const)('%s is a base64 list of links that decode field by field', (kind) => {
    const links = b64(render(kind)).split('\n');
    const decoded = links.map(decodeLink);
    const kinds = new Set(decoded.map((d) => d.kind));
    if (kind === 'ss') expect([...kinds]).toEqual(['ss']);
    else expect([...kinds].sort()).toEqual(['ss', 'vless', 'vmess']);
    expect(decoded.length).toBe(kind === 'ss' ? 3 : 7);
  });

  it('v2box with base64=False is the plain list', () => {
    expect(render('v2box', { base64: 'False' }).split('\n')[0]).toMatch(/^vmess:\/\//);
  });

  const surgeProxy = /^[^=,]+ = (vmess|ss), [\w.-]+, \d+(, [\w-]+=[^,]*)*$/;
  const surgeGroup = /^[^=,]+ = (select|url-test), [^=]+(, [\w-]+=[^,]+)*$/;
  const surgeRule =
    /^((DOMAIN|DOMAIN-SUFFIX|DOMAIN-KEYWORD),[^,]+,[^,]+|(IP-CIDR|GEOIP),[^,]+,[^,]+,no-resolve|FINAL,[^,]+)$/;

  it.each(['surge', 'surfboard'] as const)('%s is a managed profile whose every line fits the grammar', (kind) => {
    const text = render(kind);
    expect(text.startsWith('#!MANAGED-CONFIG https://sub.example.com/api/subscript/')).toBe(true);
    let section = '';
    const counts: Record<string, number> = {};
    for (const line of text.split('\n').slice(1)) {
      if (line === '') continue;
      if (/^\[.+\]$/.test(line)) {
        section = line;
        continue;
      }
      counts[section] = (counts[section] ?? 0) + 1;
      if (section === '[General]') expect(line).toMatch(/^[\w-]+ = .+$/);
      else if (section === '[Proxy]') expect(line).toMatch(surgeProxy);
      else if (section === '[Proxy Group]') expect(line).toMatch(surgeGroup);
      else if (section === '[Rule]') expect(line).toMatch(surgeRule);
      else throw new Error(`unexpected section ${section}`);
    }
    expect(counts['[Proxy]']).toBe(kind === 'surge' ? 5 : 3);
    expect(text).not.toContain('vless');
  });

  it('qx is QuantumultX server lines', () => {
    const lines = render('qx').trim().split('\n');
    for (const line of lines) {
      expect(line).toMatch(/^(vmess|shadowsocks)=[\w.-]+:\d+(, [\w-]+=[^,]+)*$/);
      expect(line).toMatch(/, tag=[^,]+$/);
    }
    expect(lines.length).toBe(3);
    expect(lines.find((l) => l.startsWith('vmess='))).toContain(`password=${credential.uuid}`);
  });

  it('q is a base64 list of Quantumult vmess links and ss links', () => {
    const lines = b64(render('q')).split('\n');
    for (const line of lines) {
      if (line.startsWith('vmess://')) {
        expect(b64(line.slice(8))).toMatch(
          /^[^=,]+ = vmess, [\w.-]+, \d+, [\w-]+, "[0-9a-f-]{36}", group=[^,]+, over-tls=(true|false), certificate=1(, [\w-]+=("[^"]*"|[^,]+))*$/,
        );
      } else decodeLink(line);
    }
    expect(lines.length).toBe(3);
  });

  it.each(subscriptionKinds)('golden file: %s', async (kind) => {
    await expect(render(kind)).toMatchFileSnapshot(`__golden__/${kind}.txt`);
  });
});
