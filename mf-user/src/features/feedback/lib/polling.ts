/**
 * Runs `tick` every `intervalMs` until the returned stop function runs. The next tick is timed
 * from the end of the previous one, so a slow network never piles calls up; while `paused()`
 * says so (a hidden tab) the tick is skipped and tried again one interval later.
 */
export function startPolling(
  tick: () => Promise<unknown>,
  intervalMs: number,
  paused: () => boolean = () => false,
): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    if (!stopped) timer = setTimeout(run, intervalMs);
  };
  const run = async () => {
    if (stopped) return;
    if (!paused()) {
      try {
        await tick();
      } catch {
        // A failed refresh leaves what is shown; the next one tries again.
      }
    }
    schedule();
  };
  schedule();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
