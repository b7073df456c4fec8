export declare function freePort(): Promise<number>;
export declare function rssMb(pid: number): number;
export declare function compileBff(): string[];
export declare function startPortal(options?: {
  env?: Record<string, string>;
  timeoutMs?: number;
}): Promise<{ url: string; close: () => Promise<void> }>;
