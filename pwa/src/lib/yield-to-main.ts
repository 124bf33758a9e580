/**
 * Gives the browser a turn during long work on the main thread (an import, loading the candidate
 * list): lets pending input and rendering run, then continues at once: scheduler.yield where the browser has
 * it, else a message to ourselves (a nested setTimeout would add its 4 ms clamp to every batch).
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
