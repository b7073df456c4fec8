import { Codes, GiB, type Combo as ComboWire } from '@portal/contracts';
import type { ComboUpdate } from '@portal/contracts/schemas';
import type { Db } from '../../db/client.js';
import type { Combo, NewCombo } from '../../db/schema.js';
import { DomainError } from '../../lib/domain-error.js';
import { centsOf, yuanOf } from '../../lib/money.js';
import { newObjectId } from '../../lib/random.js';
import type { AuditedRecords } from '../audit/index.js';
import type { SessionUser } from '../sessions/index.js';
import type { SettingsService } from '../settings/index.js';
import { shopRepository as repo } from './repository.js';
import { shopTexts } from './texts.js';
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

/** The admin screen's product (traffic in GiB) as operators' products are written everywhere else. */
export function comboFieldsOf(update: ComboUpdate): ComboFields {
  const { _id, trafficG, ...fields } = update;
  return { ...fields, traffic: Math.round(trafficG * GiB) };
}

/** The one conversion of a product as operators write it (SEED_FILE, the admin screen) into its row. */
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
 * product store (deleted products stay for the orders naming them).
 */
export function createShopService({
  db,
  settings,
  existingPermissions,
  now = () => new Date(),
}: {
  db: Db;
  settings: SettingsService;
  /** Which of these permission names exist (modules/network). */
  existingPermissions: (names: readonly string[]) => Promise<Set<string>>;
  now?: () => Date;
}) {
  async function priceFloorFor(viewer: Viewer): Promise<number | null> {
    const code = await settings.get('shop_high_price_channel_code');
    return code !== '' && viewer.user?.channelCode === code ? HIGH_PRICE_ABOVE_CENTS : null;
  }

  const combos = {
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
    /** How many products on sale grant the permission of this name. */
    async granting(permissionName: string): Promise<number> {
      return repo.countGranting(db, permissionName);
    },
  };

  /**
   * Products on the admin screen (update_combo, delete_combo), through the same `combos` as seed
   * data. Deleting withdraws the product: orders copied what they buy and keep naming it.
   */
  const adminCombos: AuditedRecords<ComboUpdate, { id: string }> = {
    recordType: 'combo',
    missing: shopTexts.comboMissing,
    snapshot: (id) => repo.onSaleById(db, id, { lock: true }),
    async save(input) {
      const granted = await existingPermissions(input.permissionsGain);
      const unknown = [...new Set(input.permissionsGain)].filter((name) => !granted.has(name));
      if (unknown.length > 0) throw new DomainError(Codes.INVALID_PAYLOAD, shopTexts.permissionsUnknown(unknown));
      const fields = comboFieldsOf(input);
      if (input._id === undefined || input._id === '') return { id: (await combos.create(fields)).id };
      if (!(await combos.update(input._id, fields))) throw new DomainError(Codes.NOT_FOUND, shopTexts.comboMissing);
      return { id: input._id };
    },
    async remove(id) {
      await combos.remove(id);
    },
  };

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

    combos,
    adminCombos,

    /** A product on sale as the shop lists it. */
    async combo(id: string): Promise<ComboWire> {
      const combo = await repo.onSaleById(db, id);
      if (combo === undefined) throw new DomainError(Codes.NOT_FOUND, shopTexts.comboMissing);
      return comboToWire(combo);
    },
  };
}

export type ShopService = ReturnType<typeof createShopService>;
