/** What `work` gives, or `fallback` once `ms` have passed without it (the work itself goes on, unheeded). */
export async function withTimeout<T>(work: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const giveUp = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  try {
    return await Promise.race([work, giveUp]);
  } finally {
    clearTimeout(timer);
  }
}
