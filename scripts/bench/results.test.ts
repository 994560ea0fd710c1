import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { repoRoot } from '../stack/profiles';
import { handWrittenSections, markdownReport, runInfo } from './results';

test("a new bench report keeps the last report's hand-written sections, in order, and writes its own afresh", () => {
  const previous = [
    '# Performance',
    '',
    '| old table |',
    '',
    '## The test suite on a fresh clone',
    '',
    'Before: 1,242 s.',
    '',
    '### Where the time went',
    'Vitest.',
    '',
    '## What is measured',
    '',
    'old words',
    '',
    '## A goal, read',
    'Met.',
    '',
    '## Reproduce',
    'old steps',
  ].join('\n');
  const kept = handWrittenSections(previous);
  expect(kept).toBe('## The test suite on a fresh clone\n\nBefore: 1,242 s.\n\n### Where the time went\nVitest.\n\n## A goal, read\nMet.\n');
  const report = markdownReport([], runInfo(new Date('2026-12-02T05:00:00Z'), 'abcdef0123456789'), kept);
  expect(report).not.toContain('old table');
  expect(report).not.toContain('old words');
  expect(report.indexOf('## The test suite on a fresh clone')).toBeLessThan(report.indexOf('## What is measured'));
  expect(report.indexOf('## A goal, read')).toBeLessThan(report.indexOf('## What is measured'));
  expect(report.match(/^## What is measured$/gm)).toHaveLength(1);
  expect(report.match(/^## Reproduce$/gm)).toHaveLength(1);
});

test("the committed report's hand-written sections survive a new run whole", () => {
  const current = readFileSync(join(repoRoot, 'docs', 'performance.md'), 'utf8');
  const kept = handWrittenSections(current);
  const rewritten = markdownReport([], runInfo(new Date('2026-12-02T05:00:00Z'), 'abcdef0123456789'), kept);
  expect(handWrittenSections(rewritten)).toBe(kept);
  for (const heading of current.match(/^## .*$/gm) ?? []) expect(rewritten).toContain(heading);
});
