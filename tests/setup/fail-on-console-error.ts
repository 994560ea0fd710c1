import { afterEach, vi } from 'vitest';

// A test that makes the code log an unexpected console.error fails: errors
// must be handled or asserted, never silently printed.
let errors: unknown[][] = [];
const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  errors.push(args);
});

afterEach(() => {
  const logged = errors;
  errors = [];
  spy.mockClear();
  if (logged.length > 0) {
    throw new Error(`Unexpected console.error:\n${logged.map((a) => a.map(String).join(' ')).join('\n')}`);
  }
});
