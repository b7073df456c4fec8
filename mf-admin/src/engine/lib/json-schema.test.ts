import { describe, expect, it } from 'vitest';
import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { EntryUpdate, HttpUrl, SECRET_MASK } from '@portal/contracts/schemas';
import { fromJsonSchema, literalOptions, numberInputBounds, structureOf, widgetFor } from './json-schema';

/** What the schema looks like after travelling as JSON. */
const overTheWire = (schema: unknown) => JSON.parse(JSON.stringify(schema)) as unknown;

describe('schemas received as JSON', () => {
  it('validate exactly like the TypeBox schema they were sent from', () => {
    const rebuilt = fromJsonSchema(overTheWire(EntryUpdate));
    const samples: unknown[] = [
      { index: 1, name: '入口', ip: '1.2.3.4', ipList: ['a.example.com'], desc: '', visible: true },
      { index: 1, name: '', ip: '1.2.3.4', ipList: [], desc: '', visible: true },
      { index: 1.5, name: '入口', ip: '1.2.3.4', ipList: [], desc: '', visible: true },
      { index: 1, name: '入口', ip: 'http://x', ipList: [], desc: '', visible: true },
      { index: 1, name: '入口', ip: '1.2.3.4', ipList: [''], desc: '', visible: 'yes' },
      { index: 1, name: '入口', ip: '1.2.3.4', ipList: [], desc: '', visible: true, extra: 1 },
    ];
    for (const sample of samples) expect(Value.Check(rebuilt, sample)).toBe(Value.Check(EntryUpdate, sample));
  });

  it('rebuild unions of literals, records of platforms and optional properties', () => {
    const provider = fromJsonSchema(overTheWire(Type.Union([Type.Literal('sandbox'), Type.Literal('off')])));
    expect(Value.Check(provider, 'off')).toBe(true);
    expect(Value.Check(provider, 'paypal')).toBe(false);
    const platforms = fromJsonSchema(
      overTheWire(
        Type.Partial(
          Type.Record(
            Type.Union([Type.Literal('yi'), Type.Literal('openx')]),
            Type.Object({ key: Type.String({ minLength: 8 }) }),
          ),
        ),
      ),
    );
    expect(Value.Check(platforms, {})).toBe(true);
    expect(Value.Check(platforms, { yi: { key: '12345678' } })).toBe(true);
    expect(Value.Check(platforms, { yi: { key: 'short' } })).toBe(false);
  });

  it('accept the write-only mask where a secret property stands, and only there', () => {
    const schema = overTheWire(
      Type.Object({ yi: Type.Object({ key: Type.String({ minLength: 8 }), pid: Type.String({ minLength: 8 }) }) }),
    );
    const rebuilt = fromJsonSchema(schema, ['key']);
    expect(Value.Check(rebuilt, { yi: { key: SECRET_MASK, pid: '12345678' } })).toBe(true);
    expect(Value.Check(rebuilt, { yi: { key: '12345678', pid: SECRET_MASK } })).toBe(false);
  });
});

describe('the input a setting gets', () => {
  it('follows the schema: switch, number, select, address, text, text area, lines, rows, object, JSON', () => {
    expect(widgetFor(overTheWire(Type.Boolean()))).toBe('switch');
    expect(widgetFor(overTheWire(Type.Integer({ minimum: 1 })))).toBe('number');
    expect(widgetFor(overTheWire(Type.Number()))).toBe('number');
    expect(widgetFor(overTheWire(Type.Union([Type.Literal('a'), Type.Literal('b')])))).toBe('select');
    expect(widgetFor(overTheWire(Type.String({ maxLength: 200 })))).toBe('text');
    expect(widgetFor(overTheWire(Type.String({ maxLength: 20_000 })))).toBe('textarea');
    expect(widgetFor(overTheWire(HttpUrl(1024)))).toBe('url');
    expect(widgetFor(overTheWire(Type.Array(Type.String())))).toBe('lines');
    const flat = Type.Object({ gateway: HttpUrl(), pid: Type.String(), tags: Type.Array(Type.String()) });
    expect(widgetFor(overTheWire(Type.Array(flat)))).toBe('rows');
    expect(
      widgetFor(overTheWire(Type.Partial(Type.Record(Type.Union([Type.Literal('a'), Type.Literal('b')]), flat)))),
    ).toBe('rows');
    expect(widgetFor(overTheWire(flat))).toBe('object');
    expect(widgetFor(overTheWire(Type.Object({})))).toBe('json');
    // Nested deeper than one row, keys not known in advance, or rows of differing shapes: JSON.
    expect(widgetFor(overTheWire(Type.Array(Type.Object({ inner: flat }))))).toBe('json');
    expect(widgetFor(overTheWire(Type.Record(Type.String(), flat)))).toBe('json');
    expect(widgetFor(overTheWire(Type.Partial(Type.Object({ a: flat, b: Type.Object({ x: Type.String() }) }))))).toBe(
      'json',
    );
  });

  it('describes what rows edit: a list’s item, or a record’s item and its keys', () => {
    const item = Type.Object({ pid: Type.String() });
    expect(structureOf(overTheWire(Type.Array(item)))).toEqual({ item: overTheWire(item) });
    expect(
      structureOf(
        overTheWire(Type.Partial(Type.Record(Type.Union([Type.Literal('yi'), Type.Literal('openx')]), item))),
      ),
    ).toEqual({ item: overTheWire(item), keys: ['yi', 'openx'] });
    expect(structureOf(overTheWire(Type.String()))).toBeNull();
  });

  it('lists the choices of a union of literals or an enum, and nothing for other unions', () => {
    expect(literalOptions(overTheWire(Type.Union([Type.Literal('a'), Type.Literal(2)])))).toEqual(['a', 2]);
    expect(literalOptions({ enum: ['x', 'y'] })).toEqual(['x', 'y']);
    expect(literalOptions(overTheWire(Type.Union([Type.String(), Type.Literal('')])))).toBeNull();
  });

  it('bounds number inputs by the schema, integers stepping by one', () => {
    expect(numberInputBounds(overTheWire(Type.Integer({ minimum: 1, maximum: 65535 })))).toEqual({
      min: 1,
      max: 65535,
      step: 1,
    });
    expect(numberInputBounds(overTheWire(Type.Number({ exclusiveMinimum: 0 })))).toEqual({ min: 0, step: 'any' });
  });
});
