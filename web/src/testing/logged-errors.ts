import { vi } from 'vitest';

/**
 * Runs `act` with the console errors that mention `message` (React logs every error a boundary
 * catches) taken aside and returned; any other console error still fails the test.
 */
export async function expectingLoggedError(message: string, act: () => Promise<void>): Promise<string[]> {
  const log = vi.mocked(console.error);
  const original = log.getMockImplementation();
  const expected: string[] = [];
  log.mockImplementation((...args: unknown[]) => {
    const text = args.map(String).join(' ');
    if (text.includes(message)) expected.push(text);
    else original?.(...args);
  });
  try {
    await act();
  } finally {
    log.mockImplementation(original ?? (() => undefined));
  }
  return expected;
}
