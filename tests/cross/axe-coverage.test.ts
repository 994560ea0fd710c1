import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { repoRoot } from '../../scripts/stack/profiles';

// docs/accessibility.md lists every screen and state an end-to-end test runs axe on: a scan added
// without its row, or a row whose scan is gone, fails here.

const e2eDir = join(repoRoot, 'tests', 'e2e');

/**
 * The labels of one scan: written out ('…'), or made in a loop over written-out paths
 * (`for (const path of ['/a', '/b'])` with the label `path` or `${path} (scuro)`).
 */
function labelsOf(args: string, before: string): string[] {
  const literal = /^[\w.]+, '([^']+)'$/.exec(args);
  if (literal) return [literal[1]!];
  const looped = /^[\w.]+, (?:(\w+)|`\$\{(\w+)\}([^`$]*)`)$/.exec(args);
  const variable = looped?.[1] ?? looped?.[2];
  const loops = variable ? [...before.matchAll(new RegExp(`for \\(const ${variable} of \\[([^\\]]+)\\]\\)`, 'g'))] : [];
  // A label the table can't name would leave a scan out of it.
  expect(loops.length, `axe scan with a label written out or looped over written-out paths: expectNoSeriousAxeViolations(${args})`).toBeGreaterThan(0);
  const paths = [...loops.at(-1)![1]!.matchAll(/'([^']+)'/g)].map((path) => path[1]!);
  return paths.map((path) => `${path}${looped![3] ?? ''}`);
}

/** Every axe scan of the end-to-end tests, as "label | file". */
function scans(): string[] {
  const found: string[] = [];
  for (const file of readdirSync(e2eDir).filter((name) => name.endsWith('.e2e.ts'))) {
    const source = readFileSync(join(e2eDir, file), 'utf8');
    for (const call of source.matchAll(/expectNoSeriousAxeViolations\((.*?)\);/gs)) {
      found.push(...labelsOf(call[1]!.trim(), source.slice(0, call.index)).map((label) => `${label} | ${file}`));
    }
    if (source.includes('seriousAxeReport(page)')) {
      // The every-route test: each route of its table, and the open menu, in light and dark.
      const table = source.slice(source.indexOf('const routes'), source.indexOf('};', source.indexOf('const routes')));
      for (const route of table.matchAll(/path: '([^']+)'/g)) found.push(`${route[1]} (chiaro e scuro) | ${file}`);
      found.push(`menu aperto (chiaro e scuro) | ${file}`);
    }
  }
  return found.sort();
}

test('docs/accessibility.md lists exactly the screens and states the end-to-end tests run axe on', () => {
  const doc = readFileSync(join(repoRoot, 'docs', 'accessibility.md'), 'utf8');
  const rows = [...doc.matchAll(/^\| `([^`]+)` \| ([\w.-]+) \|$/gm)].map((row) => `${row[1]} | ${row[2]}`).sort();
  const found = scans();
  expect(found.length).toBeGreaterThan(50);
  expect(rows).toEqual(found);
});
