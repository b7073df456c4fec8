import { agentTypes, couponTypes, lineProtocols } from '@portal/contracts';
import { UserType } from '@portal/contracts/schemas';
import { Type, type Static } from '@sinclair/typebox';
import { ComboFields } from '../shop/schema.js';

const Bytes = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER });

/**
 * SEED_FILE: users, coupons, notices, agents, products, channels and settings applied at every
 * start. Users, coupons, agents, products and channels are created when their e-mail / code / id
 * is free, notices when no notice with the same text and link exists; settings are written every
 * time.
 */
export const SeedFile = Type.Object(
  {
    users: Type.Optional(
      Type.Array(
        Type.Object(
          {
            email: Type.String({ minLength: 3, maxLength: 254 }),
            password: Type.String({ minLength: 8, maxLength: 256 }),
            type: Type.Optional(Type.Union([UserType, Type.Null()])),
            paidUser: Type.Optional(Type.Boolean()),
            traffic: Type.Optional(Bytes),
            /** VIP time from the first start, in days. */
            vipDays: Type.Optional(Type.Integer({ minimum: 0, maximum: 36_500 })),
            isAgency: Type.Optional(Type.Boolean()),
            canChangePassword: Type.Optional(Type.Boolean()),
            canChangeDescribeKey: Type.Optional(Type.Boolean()),
            /** Yuan put in the wallet when the user is created (an 'adjust' ledger row). */
            walletMoney: Type.Optional(Type.Number({ minimum: 0, maximum: 1_000_000 })),
            /**
             * Yuan of `walletMoney` that may be withdrawn (as if earned by invite rebates through a
             * real gateway); the rest is shop credit. 0 when absent.
             */
            withdrawableMoney: Type.Optional(Type.Number({ minimum: 0, maximum: 1_000_000 })),
            /** The inviter's code (a channel's code). */
            channelCode: Type.Optional(Type.String({ maxLength: 32 })),
          },
          { additionalProperties: false },
        ),
      ),
    ),
    coupons: Type.Optional(
      Type.Array(
        Type.Object(
          {
            code: Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' }),
            name: Type.String({ minLength: 1, maxLength: 100 }),
            type: Type.Union(couponTypes.map((t) => Type.Literal(t))),
            traffic: Type.Optional(Bytes),
            traffixHaveLimitTime: Type.Optional(Type.Boolean()),
            traffixLimitTime: Type.Optional(Type.Integer({ minimum: 0 })),
            vipDay: Type.Optional(Type.Integer({ minimum: 0 })),
            useNumPerUser: Type.Optional(Type.Integer({ minimum: 1 })),
            numberOfAuthorizations: Type.Integer({ minimum: 0 }),
            /** cash: yuan taken off an order. */
            forMoney: Type.Optional(Type.Number({ minimum: 0, maximum: 1_000_000 })),
            /** discount: the price multiplier, 0.1 to 1 (0.8 = 20% off). */
            discount: Type.Optional(Type.Number({ minimum: 0.1, maximum: 1 })),
            /** ISO date-time; omitted: never expires. */
            expireTime: Type.Optional(Type.String({ minLength: 10, maxLength: 40 })),
          },
          { additionalProperties: false },
        ),
      ),
    ),
    notices: Type.Optional(
      Type.Array(
        Type.Object(
          { desc: Type.String({ minLength: 1, maxLength: 500 }), href: Type.Optional(Type.String({ maxLength: 512 })) },
          { additionalProperties: false },
        ),
      ),
    ),
    /** Nodes with a known node-API secret (tests and staging), each with optional lines. */
    agents: Type.Optional(
      Type.Array(
        Type.Object(
          {
            id: Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' }),
            name: Type.String({ minLength: 1, maxLength: 100 }),
            desc: Type.Optional(Type.String({ maxLength: 500 })),
            country: Type.Object(
              {
                name: Type.String({ maxLength: 50 }),
                flag: Type.String({ maxLength: 16 }),
                code: Type.Optional(Type.String({ maxLength: 2 })),
              },
              { additionalProperties: false },
            ),
            type: Type.Optional(Type.Union(agentTypes.map((t) => Type.Literal(t)))),
            ip: Type.Optional(Type.String({ maxLength: 45 })),
            host: Type.Optional(Type.String({ maxLength: 253 })),
            port: Type.Optional(Type.Integer({ minimum: 1, maximum: 65535 })),
            orderID: Type.Optional(Type.Integer()),
            speed: Type.Optional(Type.String({ maxLength: 40 })),
            /** The node's secret (node_id + token of the node API); only its hash is stored. */
            secret: Type.String({ minLength: 16, maxLength: 256 }),
            lines: Type.Optional(
              Type.Array(
                Type.Object(
                  {
                    id: Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' }),
                    name: Type.String({ minLength: 1, maxLength: 100 }),
                    protocol: Type.Union(lineProtocols.map((p) => Type.Literal(p))),
                  },
                  { additionalProperties: false },
                ),
              ),
            ),
          },
          { additionalProperties: false },
        ),
      ),
    ),
    /** Products, created when their id is free (fixed ids let tests and links name them). */
    combos: Type.Optional(
      Type.Array(
        Type.Composite([Type.Object({ id: Type.String({ pattern: '^[0-9a-f]{24}$' }) }), ComboFields], {
          additionalProperties: false,
        }),
      ),
    ),
    /** Users' own invite codes, created when the code is free and the user (by e-mail) exists. */
    channels: Type.Optional(
      Type.Array(
        Type.Object(
          {
            code: Type.String({ pattern: '^[A-Za-z0-9_-]{1,32}$' }),
            email: Type.String({ minLength: 3, maxLength: 254 }),
            name: Type.Optional(Type.String({ maxLength: 100 })),
            rewardRate: Type.Optional(Type.Number({ minimum: 0, maximum: 0.5 })),
            consumerDuration: Type.Optional(Type.Integer({ minimum: 1, maximum: 36_500 })),
          },
          { additionalProperties: false },
        ),
      ),
    ),
    settings: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  },
  { additionalProperties: false },
);
export type SeedFile = Static<typeof SeedFile>;
