import { describe, expect, it } from 'vitest';
import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { SettingField } from '@portal/contracts';
import { SECRET_MASK } from '@portal/contracts/schemas';
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
    schema: Type.Partial(Type.Object({ yi: Type.Object({ pid: Type.String(), key: Type.String({ minLength: 8 }) }) })),
    secretProperties: ['key'],
  },
  {
    key: 'exchange_rate',
    label: 'USDT 汇率',
    group: '支付',
    schema: Type.Number({ exclusiveMinimum: 0, maximum: 1000 }),
  },
]);
const values = {
  notice_show: true,
  notice_title: '通知',
  notice_content: '',
  alipay: 'sandbox',
  usdt_api_key: SECRET_MASK,
  epay_platforms: { yi: { pid: '1001', key: SECRET_MASK } },
  exchange_rate: 7.2,
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
      epay_platforms: 'json',
      exchange_rate: 'number',
    });
  });

  it('groups the settings in sections, in the order they come', () => {
    expect(form.groups.map((group) => [group.name, group.fields.length])).toEqual([
      ['公告', 3],
      ['支付', 4],
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
