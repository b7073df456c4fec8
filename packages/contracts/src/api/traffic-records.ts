import { Type, type Static } from '@sinclair/typebox';
import { trafficRecordTypes, type TrafficRecordType } from '../constants.js';

/**
 * The user's own traffic records (spec-2 §2 "traffic records", §3 "traffic record", §7
 * /api/traffic/my_traffic_records, §9: the last 10 days). Traffic in bytes, times ISO strings.
 */

/** The most records one answer carries (10 days of a busy user are far fewer). */
export const MY_TRAFFIC_RECORDS_MAX = 1000;

/** The spec shows no payload; `type` narrows to one record type ('' or absent: every type). */
export const MyTrafficRecordsRequest = Type.Object(
  { type: Type.Optional(Type.Union([...trafficRecordTypes.map((t) => Type.Literal(t)), Type.Literal('')])) },
  { additionalProperties: false },
);
export type MyTrafficRecordsRequest = Static<typeof MyTrafficRecordsRequest>;

/** One change of the user's traffic. */
export interface TrafficRecord {
  _id: string;
  type: TrafficRecordType;
  desc: string;
  /** Signed bytes (a spend record is negative and grows through its day). */
  trafficChange: number;
  /** Bytes of a day's use that a time package's daily allowance covered (spend records). */
  exemptionTraffic: number;
  /** The user's traffic and spent traffic after the change, bytes. */
  allTraffic: number;
  allSpend: number;
  /** Service day, YYYY-MM-DD. */
  day: string;
  /** When it last changed. */
  updateTime: string;
}
