/**
 * Whether a failed background refresh should tell the user: the first failure of an outage does,
 * the next ones stay quiet until a refresh succeeds again (a 30 s poll must not toast every tick).
 */
export function createOutageNotice() {
  let told = false;
  return {
    /** A refresh failed: true when this is the one to tell the user about. */
    failed(): boolean {
      if (told) return false;
      told = true;
      return true;
    },
    /** A refresh succeeded: the next failure is news again. */
    succeeded(): void {
      told = false;
    },
  };
}

export type OutageNotice = ReturnType<typeof createOutageNotice>;
