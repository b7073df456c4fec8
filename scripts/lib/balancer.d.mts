export declare function startBalancer(bases: string[]): Promise<{ base: string; close: () => Promise<void> }>;
