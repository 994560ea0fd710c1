import { execFileSync } from 'node:child_process';
import ts from 'typescript';
import { repoRoot } from './stack/profiles';

// `npx tsx scripts/count-expects.ts [revision]`: how many assertions the suite makes, counted
// the same way at any commit, so that a change that merges or moves tests can show it kept
// every one. An assertion is a call of `expect` itself (`expect(x)`, `expect.soft(x)`,
// `expect.poll(fn)`), not of its matchers or of `expect.any()`-style helpers inside them.

const TEST_FILE = /\.(test\.tsx?|e2e\.ts)$/;
const ASSERTING = new Set(['soft', 'poll']);

/** The calls of `expect` in one file's source. */
export function countExpects(fileName: string, source: string): number {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  let count = 0;
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (ts.isIdentifier(callee) && callee.text === 'expect') count++;
      else if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && callee.expression.text === 'expect' && ASSERTING.has(callee.name.text)) count++;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return count;
}

/** Every test file tracked at `revision` with its source. */
function testFiles(revision: string): Array<{ name: string; source: string }> {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const names = git('ls-tree', '-r', '--name-only', revision)
    .split('\n')
    .filter((name) => TEST_FILE.test(name) && !name.includes('node_modules/'));
  return names.map((name) => ({ name, source: git('show', `${revision}:${name}`) }));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const revision = process.argv[2] ?? 'HEAD';
  const files = testFiles(revision);
  const byKind = new Map<string, number>();
  let total = 0;
  for (const file of files) {
    const n = countExpects(file.name, file.source);
    const kind = file.name.endsWith('.e2e.ts') ? 'end-to-end' : file.name.endsWith('.api.test.ts') ? 'API' : 'unit and component';
    byKind.set(kind, (byKind.get(kind) ?? 0) + n);
    total += n;
  }
  const commit = execFileSync('git', ['rev-parse', '--short', revision], { cwd: repoRoot, encoding: 'utf8' }).trim();
  console.log(`${commit}: ${total} expect calls in ${files.length} test files`);
  for (const [kind, n] of [...byKind].sort()) console.log(`  ${kind}: ${n}`);
}
