export declare const USDT_TRC20_CONTRACT: string;

/** A transfer as TronGrid lists it. */
export interface LocalTronTransfer {
  transaction_id: string;
  token_info: { symbol: string; address: string; decimals: number; name: string };
  block_timestamp: number;
  from: string;
  to: string;
  type: 'Transfer';
  value: string;
}

export interface AddTransferInput {
  to: string;
  /** Decimal USDT ("1.234"); or `value` in the smallest unit. */
  amount?: string | number;
  value?: string;
  from?: string;
  contract?: string;
  decimals?: number;
  txId?: string;
  /** Milliseconds since the epoch; default now. */
  blockTime?: number;
}

export interface LocalTron {
  url: string;
  port: number;
  transfers: LocalTronTransfer[];
  /** How many history calls were answered. */
  readonly requests: number;
  addTransfer(input: AddTransferInput): LocalTronTransfer;
  clear(): void;
  close(): Promise<void>;
}

export declare function randomTronAddress(): string;
export declare function startLocalTron(options?: { port?: number; host?: string }): Promise<LocalTron>;
