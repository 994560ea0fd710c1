import { afterEach, describe, expect, it, vi } from 'vitest';
import { withTimeout } from './with-timeout';

afterEach(() => vi.useRealTimers());

describe('withTimeout', () => {
  it('gives the work’s result when it comes in time, the fallback when it does not', async () => {
    expect(await withTimeout(Promise.resolve('fatto'), 1000, 'scaduto')).toBe('fatto');
    vi.useFakeTimers();
    const late = withTimeout(new Promise<string>(() => undefined), 1000, 'scaduto');
    await vi.advanceTimersByTimeAsync(1000);
    expect(await late).toBe('scaduto');
  });

  it('passes the work’s failure on', async () => {
    await expect(withTimeout(Promise.reject(new Error('rotto')), 1000, 'scaduto')).rejects.toThrow('rotto');
  });
});
