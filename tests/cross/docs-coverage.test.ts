import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../scripts/stack/profiles';

// The docs name what the code has: a feature folder the README's layout leaves out, a decision the
// docs index does not link, or one in force the architecture does not tell, fails here the day it arrives.

const read = (path: string) => readFileSync(join(repoRoot, path), 'utf8');
const folders = (path: string) =>
  readdirSync(join(repoRoot, path), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** The README's layout block, cut into the part about `from` (up to the next top-level entry). */
function layoutOf(from: string): string {
  const readme = read('README.md');
  const block = readme.slice(readme.indexOf('## Layout'), readme.indexOf('## How it works'));
  const start = block.indexOf(`\n${from}`);
  expect(start, `the README's layout has a ${from} entry`).toBeGreaterThan(-1);
  // The next line that starts at the left margin is the next entry.
  const rest = block.slice(start + 1 + from.length);
  const next = rest.search(/\n\S/);
  return next === -1 ? rest : rest.slice(0, next);
}

const named = (text: string, name: string) => new RegExp(`(^|[\\s,(:])${name.replace(/-/g, '\\-')}([\\s,;)]|$)`).test(text);

describe('the docs follow the code', () => {
  it.each([
    ['functions/src/', 'functions/src/features'],
    ['web/src/', 'web/src/features'],
  ])('the README layout of %s names every feature folder', (entry, path) => {
    const layout = layoutOf(entry);
    const features = folders(path);
    expect(features.length).toBeGreaterThan(10);
    expect(features.filter((name) => !named(layout, name))).toEqual([]);
  });

  const decisions = readdirSync(join(repoRoot, 'docs/decisions')).filter((file) => /^\d{3}-.+\.md$/.test(file) && !file.startsWith('000-'));

  it('the docs index links every decision', () => {
    const index = read('docs/README.md');
    expect(decisions.length).toBeGreaterThan(40);
    expect(decisions.filter((file) => !index.includes(`(decisions/${file})`))).toEqual([]);
  });

  it('the architecture tells every capability: it links each decision in force', () => {
    const architecture = read('docs/architecture.md');
    const inForce = decisions.filter((file) => !/^- Status: superseded/m.test(read(`docs/decisions/${file}`)));
    expect(inForce.length).toBeGreaterThan(30);
    expect(inForce.filter((file) => !architecture.includes(`(decisions/${file})`))).toEqual([]);
  });
});
