import { expect, test } from 'vitest';
import { countExpects } from './count-expects';

test('counts the calls of expect itself, soft and poll included, and not matchers or asymmetric helpers', () => {
  const source = [
    "expect(a).toBe(1);",
    "await expect(page.getByRole('button')).toBeVisible();",
    "expect.soft(b).toEqual({ at: expect.any(String), n: expect.objectContaining({}) });",
    "await expect.poll(() => read()).toBe(2);",
    "const check = (x: number) => expect(x).toBeGreaterThan(0);",
    "// expect(commented).toBe(out)",
    "const text = 'expect(in a string)';",
  ].join('\n');
  expect(countExpects('a.test.ts', source)).toBe(5);
  expect(countExpects('b.test.tsx', 'render(<A />); expect(screen.getByText("Sì")).toBeInTheDocument();')).toBe(1);
});
