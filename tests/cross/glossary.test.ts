import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import englishWordsPath from 'word-list';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../scripts/stack/profiles';

// The glossary explains every Italian word the code uses as a name. A word counts once it stands in
// more than five names: identifiers, and literals that are data rather than text (routes, ids,
// enum values: no spaces, not a capitalised word), or in more than five files as a product term
// quoted in a comment ("Bentornato"). Italian is told from English by an English word list; the
// lists below name what is neither (our jargon) and what is both.

const MORE_THAN = 5;

/** Names that are no English dictionary word and no Italian either: the stack's and the web's jargon. */
const NOT_ITALIAN = new Set([
  'auth', 'checkbox', 'checkin', 'config', 'deps', 'firestore', 'googleapis', 'heatmap', 'html', 'http', 'https', 'inline',
  'italian', 'json', 'lockfile', 'monday', 'onboarding', 'param', 'params', 'prerender', 'prerendered', 'rome', 'runtime',
  'smtp', 'uint', 'vitest', 'webm',
]);
/** First names of the test personas: people, not words to translate. */
const PERSONAS = new Set(['bruno', 'sara']);
/** Italian words that English spells the same, which the word list cannot tell apart. */
const ITALIAN_ALSO_ENGLISH = ['jolly'];

const englishWords = new Set(readFileSync(englishWordsPath, 'utf8').split('\n'));

/** The words of a name: camelCase, PascalCase, snake_case, kebab-case and paths split, lower-cased. */
function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-zÀ-ÿ]+/)
    .map((word) => word.toLowerCase())
    .filter((word) => word.length >= 4);
}

const isDataLiteral = (node: ts.Node): node is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral =>
  (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && /^[\w:/.{}$-]+$/.test(node.text) && !/^[A-Z][a-zà-ÿ]/.test(node.text);

/** word → the distinct names it stands in, and word → the files that quote it in a comment. */
function wordsInCode(): { names: Map<string, Set<string>>; quoted: Map<string, Set<string>> } {
  const names = new Map<string, Set<string>>();
  const quoted = new Map<string, Set<string>>();
  const add = (map: Map<string, Set<string>>, word: string, where: string) => map.set(word, (map.get(word) ?? new Set()).add(where));
  const files = execFileSync('git', ['ls-files', '*.ts', '*.tsx'], { cwd: repoRoot, encoding: 'utf8' }).trim().split('\n');
  for (const file of files) {
    const text = readFileSync(join(repoRoot, file), 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const visit = (node: ts.Node): void => {
      if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node) || isDataLiteral(node)) for (const word of wordsOf(node.text)) add(names, word, node.text);
      ts.forEachChild(node, visit);
    };
    visit(source);
    for (const [, term] of text.matchAll(/(?:\/\/|\*)[^\n]*?"([A-ZÀ-Ú][a-zà-ÿ]+)"/g)) add(quoted, term!.toLowerCase(), file);
  }
  return { names, quoted };
}

/** The glossary's first column: the words it explains. */
function glossaryWords(): string {
  const rows = readFileSync(join(repoRoot, 'docs/glossary.md'), 'utf8').split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| word'));
  return rows.map((row) => row.split('|')[1]!.toLowerCase()).join(' ');
}

describe('the glossary', () => {
  const { names, quoted } = wordsInCode();
  const italian = (word: string) => (!englishWords.has(word) && !NOT_ITALIAN.has(word) && !PERSONAS.has(word)) || ITALIAN_ALSO_ENGLISH.includes(word);
  const used = new Set([
    ...[...names].filter(([, where]) => where.size > MORE_THAN).map(([word]) => word),
    ...[...quoted].filter(([, where]) => where.size > MORE_THAN).map(([word]) => word),
    ...ITALIAN_ALSO_ENGLISH.filter((word) => (names.get(word)?.size ?? 0) + (quoted.get(word)?.size ?? 0) > 0),
  ]);

  it('the checks see the code: a word of ours in names, a product term quoted in comments', () => {
    expect(names.get('scheda')?.size).toBeGreaterThan(MORE_THAN);
    expect(quoted.get('bentornato')?.size).toBeGreaterThan(MORE_THAN);
    expect(englishWords.has('habit') && !englishWords.has('scheda')).toBe(true);
  });

  it(`explains every Italian word used in more than ${MORE_THAN} names or files`, () => {
    const explained = glossaryWords();
    const missing = [...used].filter(italian).filter((word) => !explained.includes(word));
    expect(missing, 'add each to docs/glossary.md (or, if it is not Italian, to NOT_ITALIAN here)').toEqual([]);
  });

  it('lists as jargon only words the code still uses', () => {
    const stale = [...NOT_ITALIAN, ...PERSONAS].filter((word) => (names.get(word)?.size ?? 0) <= MORE_THAN && (quoted.get(word)?.size ?? 0) <= MORE_THAN);
    expect(stale).toEqual([]);
  });
});
