import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../scripts/stack/profiles';

// The README is a short front door, and the docs it leads to are where it says they are.

const README_MAX_LINES = 120;
/** The front door, the docs index, and the docs the README's map leads to. */
const LINKED_FROM = ['README.md', 'docs/README.md', 'docs/architecture.md', 'docs/glossary.md', 'docs/deploy.md'];

/** The relative targets of a Markdown file's inline links, without their #fragment. */
function relativeLinks(markdown: string): string[] {
  const targets = [...markdown.matchAll(/\]\(([^)\s]+)\)/g)].map(([, target]) => target!);
  return targets.filter((target) => !/^([a-z][a-z0-9+.-]*:|#)/i.test(target)).map((target) => target.replace(/#.*$/, ''));
}

describe('README.md', () => {
  it(`stays at most ${README_MAX_LINES} lines`, () => {
    const lines = readFileSync(join(repoRoot, 'README.md'), 'utf8').trimEnd().split('\n').length;
    expect(lines).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it.each(LINKED_FROM)('%s: every relative link points to an existing file', (file) => {
    const links = relativeLinks(readFileSync(join(repoRoot, file), 'utf8'));
    expect(links.length).toBeGreaterThan(0);
    const missing = links.filter((link) => !existsSync(join(repoRoot, dirname(file), link)));
    expect(missing).toEqual([]);
  });
});
