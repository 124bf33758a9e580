/**
 * Gives the browser a turn during long work on the main thread (an import, loading the candidate
 * list): lets pending input and rendering run, then continues at once: scheduler.yield where the browser has
 * it, else a message to ourselves (a nested setTimeout would add its 4 ms clamp to every batch).
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return messageToSelf();
}

/**
 * Gives the browser a turn and continues after the tasks already waiting, not before them as
 * yieldToMain does (scheduler.yield's continuation goes ahead of every task of its priority): for work
 * that only follows along with writes — the dashboard's tally, the candidate list's sort — while the
 * writes themselves wait on IndexedDB's answers, which are such tasks. Yielding ahead of them, the
 * dashboard's recount and the list's sort of 100,000 candidates after an import's last batch held the
 * push's read of that batch: sent 0.27–0.31 s after "Import Complete", 0.13–0.21 s in turn
 * (bench:import's online run, three runs each, 28 November 2026).
 */
export function yieldInTurn(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { postTask?: (task: () => void, options?: { priority?: string }) => Promise<void> } }).scheduler;
  if (scheduler?.postTask) return scheduler.postTask(() => {}, { priority: 'user-visible' });
  return messageToSelf();
}

/** A task of the page's own, queued behind those already waiting: a message to ourselves. */
function messageToSelf(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
