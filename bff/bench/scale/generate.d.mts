/** Types of generate.mjs (the data set of `npm run bench:scale`). */
export interface ScaleCounts {
  users: number;
  agents: number;
  lines: number;
  permissions: number;
  entries: number;
  combos: number;
  coupons: number;
  couponUses: number;
  channels: number;
  orders: number;
  signIns: number;
  dailyUsage: number;
  otherTrafficRecords: number;
  nodeReportMinutes: number;
  nodeReports: number;
  tickets: number;
  audit: number;
  prizeDraws: number;
  gifts: number;
  notices: number;
  errors: number;
  trafficRecords: number;
  tradeRows: number;
}

export function scaleCounts(users: number): ScaleCounts;
export function nodeSecret(n: number): string;
export function nodeId(n: number): string;
export function generate(
  query: (text: string) => Promise<Array<Record<string, unknown>>>,
  options?: { users?: number; log?: (message: string) => void; timeZone?: string },
): Promise<{ counts: ScaleCounts; steps: Array<{ label: string; seconds: number }> }>;
