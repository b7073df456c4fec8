import { describe, expect, it } from 'vitest';
import { Type, type Static } from '@sinclair/typebox';
import { resolveForm } from './resolve-form';
import { firstFailingCheck } from './form-checks';

const Pair = Type.Object({
  kind: Type.Union([Type.Literal('a'), Type.Literal('b')]),
  text: Type.String({ minLength: 2 }),
});
type Pair = Static<typeof Pair>;

const resolver = firstFailingCheck<Pair>({
  schema: Pair,
  checks: [
    { field: 'text', message: '太短', fails: 'schema' },
    { field: 'text', message: ({ kind }) => `不是 ${kind}`, fails: ({ kind, text }) => !text.startsWith(kind) },
  ],
  trimmed: ['text'],
});

describe('the first failing check', () => {
  it('reads the checks in their order and reports only the first, under its field', async () => {
    expect((await resolveForm(resolver, { kind: 'a', text: ' x ' })).errors).toEqual({
      text: { type: 'validate', message: '太短' },
    });
    expect((await resolveForm(resolver, { kind: 'b', text: 'ax' })).errors).toEqual({
      text: { type: 'validate', message: '不是 b' },
    });
  });

  it('shows each field its own first failing check at once when asked to', async () => {
    const perField = firstFailingCheck<Pair>({
      schema: Pair,
      checks: [
        { field: 'kind', message: '选一个', fails: 'schema' },
        { field: 'text', message: '太短', fails: 'schema' },
        { field: 'text', message: '还是太短', fails: ({ text }) => text.length < 3 },
      ],
      show: 'per-field',
    });
    expect((await resolveForm(perField, { kind: '', text: '' } as unknown as Pair)).errors).toEqual({
      kind: { type: 'validate', message: '选一个' },
      text: { type: 'validate', message: '太短' },
    });
  });

  it('hands the submit the values, the listed fields trimmed', async () => {
    expect(await resolveForm(resolver, { kind: 'a', text: ' ab ' })).toEqual({
      values: { kind: 'a', text: 'ab' },
      errors: {},
    });
  });

  it('still refuses what the schema refuses where no check is listed (a form wired without one)', async () => {
    const { errors } = await resolveForm(resolver, { kind: 'c', text: 'cc' } as unknown as Pair);
    expect(Object.keys(errors)).toContain('kind');
  });
});
