import { describe, expect, it } from 'vitest';
import { Type } from '@sinclair/typebox';
import type { ResolverOptions } from 'react-hook-form';
import { EntryUpdate } from '@portal/contracts/schemas';
import type { AnyField } from '../types';
import { errorMessage, schemaResolver } from './form-resolver';
import { parseRawValues, resolveFields, toRawValues, type Values } from './form-values';

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<Values>;
const entryFields = resolveFields(
  [
    { name: 'index', label: '序号' },
    { name: 'name', label: '名称' },
    { name: 'ip', label: '默认 IP' },
    { name: 'host', label: '域名', empty: 'omit' },
    { name: 'ipList', label: 'IP 列表', kind: 'lines' },
    { name: 'desc', label: '描述' },
    { name: 'visible', label: '可用' },
  ],
  EntryUpdate,
) as AnyField[];
const entry = {
  index: 3,
  name: '上海入口',
  ip: '1.2.3.4',
  ipList: ['a.example.com', 'b.example.com'],
  desc: '',
  visible: true,
};

describe('form values', () => {
  it('give every input the text it shows and read it back as the record', () => {
    const raw = toRawValues(entryFields, entry);
    expect(raw).toMatchObject({ index: '3', ipList: 'a.example.com\nb.example.com', visible: true, host: '' });
    expect(parseRawValues(entryFields, raw)).toEqual({ values: entry, errors: {} });
  });

  it('read a list from lines or commas, skipping blanks', () => {
    const { values } = parseRawValues(entryFields, { ...toRawValues(entryFields, entry), ipList: ' a ,b，\n\n c ' });
    expect(values.ipList).toEqual(['a', 'b', 'c']);
  });

  it('refuse a number that is not one, and leave out an empty optional field', () => {
    const { values, errors } = parseRawValues(entryFields, {
      ...toRawValues(entryFields, entry),
      index: '1e',
      host: '',
    });
    expect(errors).toEqual({ index: '请填写数字' });
    expect('host' in values).toBe(false);
  });

  it('read JSON and say when it is broken', () => {
    const [json] = resolveFields(
      [{ name: 'rules', label: '规则', kind: 'json' }],
      Type.Object({ rules: Type.Array(Type.String()) }),
    ) as AnyField[];
    expect(parseRawValues([json!], { rules: '["a"]' }).values).toEqual({ rules: ['a'] });
    expect(parseRawValues([json!], { rules: '["a",' }).errors).toEqual({ rules: 'JSON 格式不正确' });
  });
});

describe('the schema resolver', () => {
  const resolve = (raw: Values, refine?: (values: never) => Partial<Record<string, string>>) =>
    schemaResolver({ schema: EntryUpdate, fields: entryFields, refine, lookups: {} })(raw, undefined, options);

  it('hands the typed values, and only the schema’s, to the submit handler', async () => {
    const result = await resolve({ ...toRawValues(entryFields, entry), useTimes: 9 });
    expect(result.errors).toEqual({});
    expect(result.values).toEqual(entry);
  });

  it('checks with the contract’s schema and says what is wrong in Chinese', async () => {
    const result = await resolve({
      ...toRawValues(entryFields, entry),
      name: '',
      ip: 'http://x',
      ipList: 'ok.example.com\nbad host',
    });
    expect(errorMessage(result.errors.name)).toBe('必填');
    expect(errorMessage(result.errors.ip)).toBe('格式不正确');
    expect(errorMessage(result.errors.ipList)).toBe('第 2 项: 格式不正确');
  });

  it('runs the screen’s own rules once the schema is satisfied', async () => {
    const refuse = () => ({ desc: '不行' });
    expect(errorMessage((await resolve(toRawValues(entryFields, entry), refuse)).errors.desc)).toBe('不行');
    const broken = await resolve({ ...toRawValues(entryFields, entry), name: '' }, refuse);
    expect(broken.errors.desc).toBeUndefined();
  });
});
