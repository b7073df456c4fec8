import { describe, expect, it } from 'vitest';
import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { ResolverOptions } from 'react-hook-form';
import type { SettingField } from '@portal/contracts';
import { HttpUrl, SECRET_MASK } from '@portal/contracts/schemas';
import { errorMessage, schemaResolver } from '../../../engine/lib/form-resolver';
import { newRow, resolveFields, toRawValues, type RawRow, type Values } from '../../../engine/lib/form-values';
import type { AnyField } from '../../../engine/types';
import { settingsForm } from './settings-form';

/** Settings as admin/config/get sends them: schemas as JSON. */
const wire = (fields: SettingField[]) => JSON.parse(JSON.stringify(fields)) as SettingField[];
const settings = wire([
  { key: 'notice_show', label: '显示公告', group: '公告', schema: Type.Boolean() },
  { key: 'notice_title', label: '公告标题', group: '公告', schema: Type.String({ maxLength: 200 }) },
  { key: 'notice_content', label: '公告内容', group: '公告', schema: Type.String({ maxLength: 20_000 }) },
  {
    key: 'alipay',
    label: '支付宝支付通道',
    group: '支付',
    schema: Type.Union([Type.Literal('sandbox'), Type.Literal('off')]),
  },
  {
    key: 'usdt_api_key',
    label: 'USDT 接口密钥',
    group: '支付',
    schema: Type.String({ minLength: 8, maxLength: 64 }),
    secret: true,
  },
  {
    key: 'epay_platforms',
    label: '第三方支付平台',
    group: '支付',
    // As the BFF defines it: a record over the known platforms, each optional.
    schema: Type.Partial(
      Type.Record(
        Type.Union([Type.Literal('feifei'), Type.Literal('yi'), Type.Literal('openx')]),
        Type.Object({
          gateway: HttpUrl(512, { title: '网关地址' }),
          pid: Type.String({ maxLength: 64, title: '商户号（pid）' }),
          key: Type.String({ maxLength: 128, title: '密钥' }),
        }),
      ),
    ),
    secretProperties: ['key'],
  },
  {
    key: 'exchange_rate',
    label: 'USDT 汇率',
    group: '支付',
    schema: Type.Number({ exclusiveMinimum: 0, maximum: 1000 }),
  },
  { key: 'return_url', label: '返回地址', group: '支付', schema: HttpUrl() },
  {
    key: 'subscription_rules',
    label: '分流规则',
    group: '订阅',
    schema: Type.Array(Type.String({ pattern: '^[A-Z-]+,[^,\\s]+(,[A-Z]+)?$' }), { maxItems: 5000 }),
  },
  {
    key: 'qx_rule_sets',
    label: '远程规则集',
    group: '订阅',
    schema: Type.Object({ Apple: Type.Array(Type.String()), Global: Type.Array(Type.String()) }),
  },
  {
    key: 'apple_ids',
    label: '共享 Apple ID',
    group: '共享 Apple ID',
    schema: Type.Array(
      Type.Object(
        {
          account: Type.String({ minLength: 1, maxLength: 254, title: '账号' }),
          password: Type.String({ minLength: 1, maxLength: 128, title: '密码' }),
        },
        { additionalProperties: false },
      ),
      { maxItems: 2 },
    ),
  },
]);
const values = {
  notice_show: true,
  notice_title: '通知',
  notice_content: '',
  alipay: 'sandbox',
  usdt_api_key: SECRET_MASK,
  epay_platforms: { yi: { gateway: 'https://pay.example.com', pid: '1001', key: SECRET_MASK } },
  exchange_rate: 7.2,
  return_url: '',
  subscription_rules: ['DOMAIN-SUFFIX,example.com,PROXY', 'MATCH,DIRECT'],
  qx_rule_sets: { Apple: ['DOMAIN,apple.com'], Global: [] },
  apple_ids: [{ account: 'a@example.com', password: 'pw' }],
};

describe('the settings form', () => {
  const form = settingsForm(settings, values);

  it('picks each setting’s input from its schema, secrets write-only', () => {
    expect(Object.fromEntries(form.fields.map((field) => [field.name, field.kind]))).toEqual({
      notice_show: 'switch',
      notice_title: 'text',
      notice_content: 'textarea',
      alipay: 'select',
      usdt_api_key: 'secret',
      epay_platforms: 'rows',
      exchange_rate: 'number',
      return_url: 'url',
      subscription_rules: 'lines',
      qx_rule_sets: 'object',
      apple_ids: 'rows',
    });
  });

  it('gives rows their inputs from the item’s schema: titles as labels, the key write-only, the platforms to add', () => {
    const epay = form.fields.find((field) => field.name === 'epay_platforms');
    expect(epay?.parts?.fields.map((field) => [field.name, field.label, field.kind])).toEqual([
      ['gateway', '网关地址', 'url'],
      ['pid', '商户号（pid）', 'text'],
      ['key', '密钥', 'secret'],
    ]);
    expect(epay?.parts?.keys?.map((option) => option.value)).toEqual(['feifei', 'yi', 'openx']);
    const apple = form.fields.find((field) => field.name === 'apple_ids');
    expect(apple?.parts?.keys).toBeUndefined();
    expect(apple?.parts?.fields.map((field) => field.label)).toEqual(['账号', '密码']);
  });

  it('groups the settings in sections, in the order they come', () => {
    expect(form.groups.map((group) => [group.name, group.fields.length])).toEqual([
      ['公告', 3],
      ['支付', 5],
      ['订阅', 2],
      ['共享 Apple ID', 1],
    ]);
  });

  it('accepts the saved values as they came back, masks included', () => {
    expect([...Value.Errors(form.schema, values)]).toEqual([]);
  });

  it('checks a typed secret against its schema, and the rest as the BFF would', () => {
    expect(Value.Check(form.schema, { ...values, usdt_api_key: 'short' })).toBe(false);
    expect(Value.Check(form.schema, { ...values, usdt_api_key: 'long-enough-key' })).toBe(true);
    expect(Value.Check(form.schema, { ...values, alipay: 'paypal' })).toBe(false);
    expect(Value.Check(form.schema, { ...values, exchange_rate: 0 })).toBe(false);
    expect(Value.Check(form.schema, { ...values, unknown_key: 1 })).toBe(false);
  });

  it('lets a setting without a value be left out', () => {
    const { notice_title: _ignored, ...rest } = values;
    expect(Value.Check(settingsForm(settings, rest).schema, rest)).toBe(true);
  });
});

describe('the settings form’s inputs', () => {
  const form = settingsForm(settings, values);
  // As the form engine resolves them (useSchemaForm).
  const fields = resolveFields(form.fields, form.schema) as AnyField[];
  const epay = fields.find((field) => field.name === 'epay_platforms')!;
  const apple = fields.find((field) => field.name === 'apple_ids')!;
  const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<Values>;
  const resolve = (raw: Values) =>
    schemaResolver({ schema: form.schema, fields, lookups: {} })(raw, undefined, options);
  const raw = () => toRawValues(fields, values);
  const rowsOf = (input: Values, name: string) => input[name] as RawRow[];

  it('hold the values as rows, lines and text, and give back the same payload untouched', async () => {
    const input = raw();
    expect(rowsOf(input, 'epay_platforms')).toEqual([
      { id: 'yi', values: { gateway: 'https://pay.example.com', pid: '1001', key: SECRET_MASK } },
    ]);
    expect(input.subscription_rules).toBe('DOMAIN-SUFFIX,example.com,PROXY\nMATCH,DIRECT');
    expect(input.qx_rule_sets).toEqual({ Apple: 'DOMAIN,apple.com', Global: '' });
    expect(rowsOf(input, 'apple_ids')).toEqual([{ id: '0', values: { account: 'a@example.com', password: 'pw' } }]);
    const result = await resolve(input);
    expect(result.errors).toEqual({});
    // The untouched key goes back as the mask, which the BFF reads as "keep the stored key".
    expect(result.values).toEqual(values);
  });

  it('save a platform added as a row with its typed key, keep an untouched key, and drop a removed one', async () => {
    const input = raw();
    const openx = newRow(epay, 'openx');
    expect(openx.values).toEqual({ gateway: '', pid: '', key: '' });
    openx.values = { gateway: 'https://ox.example.com', pid: '3', key: 'ox-secret' };
    const [yi] = rowsOf(input, 'epay_platforms');
    const added = await resolve({ ...input, epay_platforms: [yi, openx] });
    expect(added.values.epay_platforms).toEqual({
      yi: { gateway: 'https://pay.example.com', pid: '1001', key: SECRET_MASK },
      openx: { gateway: 'https://ox.example.com', pid: '3', key: 'ox-secret' },
    });
    // A key typed over the mask replaces it; a moved gateway still sends the mask, so the BFF's
    // rule (a kept key stays only with its gateway) clears it and says so.
    const moved = { ...yi!, values: { ...yi!.values, gateway: 'https://new.example.com' } };
    const typed = { ...yi!, values: { ...yi!.values, key: 'new-secret' } };
    expect((await resolve({ ...input, epay_platforms: [moved] })).values.epay_platforms).toEqual({
      yi: { gateway: 'https://new.example.com', pid: '1001', key: SECRET_MASK },
    });
    expect((await resolve({ ...input, epay_platforms: [typed] })).values.epay_platforms).toMatchObject({
      yi: { key: 'new-secret' },
    });
    expect((await resolve({ ...input, epay_platforms: [] })).values.epay_platforms).toEqual({});
  });

  it('read rules one per line, commas kept inside a rule', async () => {
    const result = await resolve({ ...raw(), subscription_rules: 'DOMAIN,a.com,PROXY\n\n GEOIP,CN,DIRECT ' });
    expect(result.values.subscription_rules).toEqual(['DOMAIN,a.com,PROXY', 'GEOIP,CN,DIRECT']);
  });

  it('refuse a bad address in a row or a field with a message, before anything is sent', async () => {
    const input = raw();
    const [yi] = rowsOf(input, 'epay_platforms');
    const result = await resolve({
      ...input,
      return_url: 'pay.example.com/back',
      epay_platforms: [{ ...yi!, values: { ...yi!.values, gateway: 'https://pay example.com' } }],
    });
    expect(result.values).toEqual({});
    const message = '请填写以 http:// 或 https:// 开头的完整地址（不含空格）';
    expect(errorMessage(result.errors.return_url)).toBe(message);
    expect(errorMessage(result.errors.epay_platforms)).toBe(`yi.gateway: ${message}`);
  });

  it('check list rows against the item’s schema, by position, and the list’s length', async () => {
    const input = raw();
    const blank = newRow(apple);
    const result = await resolve({ ...input, apple_ids: [...rowsOf(input, 'apple_ids'), blank] });
    expect(errorMessage(result.errors.apple_ids)).toBe('第 2 项.account: 必填');
    const three = await resolve({
      ...input,
      apple_ids: [1, 2, 3].map((n) => ({ id: String(n), values: { account: `${n}@example.com`, password: 'pw' } })),
    });
    expect(errorMessage(three.errors.apple_ids)).toBe('最多 2 项');
  });
});
