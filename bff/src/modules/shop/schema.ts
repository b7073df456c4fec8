import { Type, type Static } from '@sinclair/typebox';

const Count = (maximum: number) => Type.Integer({ minimum: 0, maximum });

/**
 * A product as operators write it (spec-2 §3 combo): the wire's names, price in yuan. Used by
 * SEED_FILE now and by the admin product screen later; combos.create/update convert to cents.
 */
export const ComboFields = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    /** Yuan, at most two decimals. */
    price: Type.Number({ minimum: 0, maximum: 1_000_000 }),
    /** Bytes of volume (never expires); 0 = none. */
    traffic: Type.Optional(Count(Number.MAX_SAFE_INTEGER)),
    /** Days of time package; 0 = none. */
    vipDuration: Type.Optional(Count(36_500)),
    /** Daily allowance of the time package, GiB. */
    limit: Type.Optional(Count(1_000_000)),
    additionPersend: Type.Optional(Count(1000)),
    deviceNum: Type.Optional(Count(10_000)),
    speed: Type.Optional(Type.String({ maxLength: 40 })),
    permissionsGain: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 20 })),
    permissionDuration: Type.Optional(Count(36_500)),
    permissionsDesc: Type.Optional(Type.String({ maxLength: 500 })),
    orderID: Type.Optional(Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 })),
  },
  { additionalProperties: false },
);
export type ComboFields = Static<typeof ComboFields>;
