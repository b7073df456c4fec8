import { describe, expect, it } from 'vitest';
import { Type } from '@sinclair/typebox';
import { SECRET_MASK } from '@portal/contracts/schemas';
import type { CallResult } from '@portal/platform';
import { outcome } from '../outcome';
import type { FormDef } from '../types';
import { formStart, savePayload } from './form-start';

interface Row {
  _id: string;
  name: string;
  password: string;
  hits: number;
}
type Form = Omit<Row, 'hits'>;

const def: FormDef<Row, Form> = {
  schema: Type.Object({ _id: Type.String(), name: Type.String(), password: Type.String() }),
  fields: [
    { name: 'name', label: '名称' },
    { name: 'password', label: '密码', kind: 'secret' },
  ],
  defaults: () => ({ _id: '', name: '新记录', password: '' }),
  toForm: ({ _id, name, password }) => ({ _id, name, password }),
  save: outcome({ call: async () => ({}) as CallResult<unknown>, success: '更新成功', failure: '配置失败' }),
};
const row: Row = { _id: '665f1c2ab7e4d90012a3c001', name: '东京', password: SECRET_MASK, hits: 3 };

describe('what the edit dialog starts from', () => {
  it('is the defaults for a new record and the record for an edit', () => {
    expect(formStart(def, 'create', undefined, {})).toEqual({ _id: '', name: '新记录', password: '' });
    expect(formStart(def, 'edit', row, {})).toEqual({ _id: row._id, name: '东京', password: SECRET_MASK });
  });

  it('is, for a copy, the record without its id and without its secrets', () => {
    expect(formStart(def, 'copy', row, {})).toEqual({ _id: '', name: '东京', password: '' });
  });
});

describe('the payload of a save', () => {
  it('leaves out an empty id, so the server creates the record', () => {
    expect(savePayload(def, { _id: '', name: 'a', password: '' }, {})).toEqual({ name: 'a', password: '' });
    expect(savePayload(def, { _id: row._id, name: 'a', password: '' }, {})).toHaveProperty('_id', row._id);
  });

  it('is what fromForm makes of the values', () => {
    const converting = { ...def, fromForm: (values: Form) => ({ ...values, name: values.name.toUpperCase() }) };
    expect(savePayload(converting, { _id: '', name: 'a', password: '' }, {})).toEqual({ name: 'A', password: '' });
  });
});
