/**
 * Everything a stack starts registers how to stop it here, so that Ctrl-C at
 * any moment (even halfway through start-up) stops exactly what is running.
 */
const stoppers: Array<() => Promise<void>> = [];

export function registerStopper(stop: () => Promise<void>): () => void {
  stoppers.push(stop);
  return () => {
    const index = stoppers.indexOf(stop);
    if (index >= 0) stoppers.splice(index, 1);
  };
}

/** Stops everything still registered, newest first. */
export async function stopEverything(): Promise<void> {
  while (stoppers.length > 0) {
    const stop = stoppers.pop()!;
    try {
      await stop();
    } catch (error) {
      console.error('Errore durante l\'arresto:', error);
    }
  }
}
