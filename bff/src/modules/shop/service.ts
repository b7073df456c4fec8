import { Codes, type Combo as ComboWire } from '@portal/contracts';
import type { Db } from '../../db/client.js';
import type { Combo, NewCombo } from '../../db/schema.js';
import { DomainError } from '../../lib/domain-error.js';
import { centsOf, yuanOf } from '../../lib/money.js';
import { newObjectId } from '../../lib/random.js';
import type { SessionUser } from '../sessions/index.js';
import type { SettingsService } from '../settings/index.js';
import { shopRepository as repo } from './repository.js';
import type { ComboFields } from './schema.js';

/** Who is looking at the shop: the signed-in user (or nobody) and whether this is the agency site. */
export interface Viewer {
  user: Pick<SessionUser, 'channelCode' | 'isAgency'> | null;
  /** The request came to the agency domain, or the user is an agency user. */
  agency: boolean;
}

/** spec-2 §2: users of the high-price channel see only products priced above 20 yuan. */
const HIGH_PRICE_ABOVE_CENTS = 2000;

export function comboToWire(combo: Combo): ComboWire {
  return {
    _id: combo.id,
    name: combo.name,
    price: yuanOf(combo.priceCents),
    traffic: combo.traffic,
    vipDuration: combo.vipDuration,
    limit: combo.dailyLimitGb,
    additionPersend: combo.additionPersend,
    deviceNum: combo.deviceNum,
    speed: combo.speed,
    permissionsGain: combo.permissionsGain,
    permissionDuration: combo.permissionDuration,
    permissionsDesc: combo.permissionsDesc,
    orderID: combo.orderId,
  };
}

function comboRow(fields: ComboFields): Omit<NewCombo, 'id'> {
  return {
    name: fields.name,
    priceCents: centsOf(fields.price),
    traffic: fields.traffic ?? 0,
    vipDuration: fields.vipDuration ?? 0,
    dailyLimitGb: fields.limit ?? 50,
    additionPersend: fields.additionPersend ?? 0,
    deviceNum: fields.deviceNum ?? 0,
    speed: fields.speed ?? '',
    permissionsGain: fields.permissionsGain ?? [],
    permissionDuration: fields.permissionDuration ?? 0,
    permissionsDesc: fields.permissionsDesc ?? '',
    orderId: fields.orderID ?? 0,
  };
}

/**
 * The product list and who may buy what: nothing for agency users; users whose inviter code is
 * the `shop_high_price_channel_code` setting see only products above 20 yuan. `combos` is the
 * product store the admin screen will use (deleted products stay for the orders naming them).
 */
export function createShopService({
  db,
  settings,
  now = () => new Date(),
}: {
  db: Db;
  settings: SettingsService;
  now?: () => Date;
}) {
  async function priceFloorFor(viewer: Viewer): Promise<number | null> {
    const code = await settings.get('shop_high_price_channel_code');
    return code !== '' && viewer.user?.channelCode === code ? HIGH_PRICE_ABOVE_CENTS : null;
  }

  return {
    async list(viewer: Viewer): Promise<ComboWire[]> {
      if (viewer.agency) return [];
      return (await repo.onSale(db, await priceFloorFor(viewer))).map(comboToWire);
    },

    /** The product if this viewer may buy it; 1106 otherwise (unknown, withdrawn, agency, channel rule). */
    async offerFor(viewer: Viewer, comboId: string): Promise<Combo> {
      const combo = viewer.agency ? undefined : await repo.onSaleById(db, comboId);
      const floor = combo === undefined ? null : await priceFloorFor(viewer);
      if (combo === undefined || (floor !== null && combo.priceCents <= floor))
        throw new DomainError(Codes.COMBO_UNAVAILABLE);
      return combo;
    },

    combos: {
      /** Creates a product (with a given id for seed data); created false when the id is taken. */
      async create(fields: ComboFields, id: string = newObjectId()): Promise<{ created: boolean; id: string }> {
        return { created: await repo.insertIfAbsent(db, { ...comboRow(fields), id }), id };
      },
      /** Orders already made keep what they copied; false when no product on sale has the id. */
      async update(id: string, fields: ComboFields): Promise<boolean> {
        return repo.update(db, id, comboRow(fields));
      },
      /** Withdraws a product; false when none on sale has the id. */
      async remove(id: string): Promise<boolean> {
        return repo.softDelete(db, id, now());
      },
    },
  };
}

export type ShopService = ReturnType<typeof createShopService>;
