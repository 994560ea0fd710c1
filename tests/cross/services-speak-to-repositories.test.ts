import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// A service holds the rules and reaches Firestore only through its repositories: it may hold
// `deps.db` and hand it on, but never import the SDK, take a reference, open a transaction or a
// batch itself, nor read a snapshot (repositories answer data). Read from each service's syntax
// tree, so comments and strings do not count.
const root = join(import.meta.dirname, '..', '..');
const features = join(root, 'functions', 'src', 'features');

/** Calls on a Firestore, a reference or a query that only a repository makes. */
const FIRESTORE_METHODS = new Set(['collection', 'collectionGroup', 'doc', 'runTransaction', 'batch', 'bulkWriter', 'getAll']);
/**
 * What only a snapshot has: a query's documents, a document's existence, times and decoded data. A
 * service's own objects do not name theirs so (`.size` and `.empty` are left out: sets and maps have
 * a size, and texts are called `empty`).
 */
const SNAPSHOT_PROPERTIES = new Set(['docs', 'exists', 'updateTime', 'createTime', 'readTime']);
/** Names of the SDK's own types and values, however they got into the file. */
const FIRESTORE_NAMES = new Set(['FieldValue', 'FieldPath', 'Transaction', 'DocumentReference', 'DocumentSnapshot', 'QueryDocumentSnapshot', 'WriteBatch', 'Timestamp']);

function serviceFiles(): string[] {
  return readdirSync(features, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((folder) =>
      readdirSync(join(features, folder.name))
        .filter((name) => /^service.*\.ts$/.test(name) && !name.endsWith('.test.ts'))
        .map((name) => join(features, folder.name, name)),
    );
}

/**
 * A call only a snapshot answers: `.data()` with no argument, or `.get('field')` with a field's name
 * written out (a map's or a cache's `.get` takes a key held in a variable).
 */
function isSnapshotRead(method: string, args: ts.NodeArray<ts.Expression>): boolean {
  if (method === 'data') return args.length === 0;
  return method === 'get' && args.length === 1 && ts.isStringLiteralLike(args[0]!);
}

/** Where `source` (a service's text) drives Firestore itself, one line per finding. */
export function firestoreUses(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const at = (node: ts.Node, what: string) => found.push(`${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${what}`);
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (/^(@google-cloud\/firestore|firebase-admin(\/firestore)?)$/.test(node.moduleSpecifier.text)) at(node, `imports ${node.moduleSpecifier.text}`);
      // A reference helper handed out by a repository is the SDK by another name.
      const names = ts.isImportDeclaration(node) ? node.importClause?.namedBindings : undefined;
      if (names && ts.isNamedImports(names)) {
        for (const element of names.elements) if (/Ref$|Collection$/.test(element.name.text)) at(element, `imports ${element.name.text}`);
      }
    } else if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && FIRESTORE_METHODS.has(node.expression.name.text)) {
      at(node, `calls .${node.expression.name.text}()`);
    } else if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && isSnapshotRead(node.expression.name.text, node.arguments)) {
      at(node, `reads a snapshot's .${node.expression.name.text}()`);
    } else if (ts.isPropertyAccessExpression(node) && SNAPSHOT_PROPERTIES.has(node.name.text)) {
      at(node, `reads a snapshot's .${node.name.text}`);
    } else if (ts.isIdentifier(node) && FIRESTORE_NAMES.has(node.text)) {
      at(node, `names ${node.text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('services speak to repositories only', () => {
  it('finds the SDK, references, transactions and batches in a service (the check can fail)', () => {
    const source = [
      "import type { WriteBatch } from 'firebase-admin/firestore';",
      "import { userRef } from '../../shared/user-repository';",
      '// db.runTransaction() in a comment is not a call',
      'export async function f(db: Deps["db"], batch: WriteBatch) {',
      "  await db.runTransaction(async (tx) => tx.get(userRef(db, 'u')));",
      "  db.batch(); db.collection('users').doc('u'); await db.getAll();",
      "  return FieldValue.increment(1);",
      '}',
      'export async function g(db: Deps["db"]) {',
      "  const [user, page] = await Promise.all([storedUser(db, 'u'), membersPage(db)]);",
      "  if (!user.exists || user.get('role') !== 'OWNER') return page.docs.map((doc) => doc.data());",
      '  return [user.updateTime, new Map([[1, 2]]).get(1), cache.get(key), parsed.data, messages.empty, seen.size];',
      '}',
    ].join('\n');
    expect(firestoreUses('service.ts', source)).toEqual([
      '1: imports firebase-admin/firestore',
      '1: names WriteBatch',
      '2: imports userRef',
      '4: names WriteBatch',
      '5: calls .runTransaction()',
      '6: calls .batch()',
      '6: calls .doc()',
      '6: calls .collection()',
      '6: calls .getAll()',
      '7: names FieldValue',
      "11: reads a snapshot's .exists",
      "11: reads a snapshot's .get()",
      "11: reads a snapshot's .docs",
      "11: reads a snapshot's .data()",
      "12: reads a snapshot's .updateTime",
    ]);
    expect(firestoreUses('service.ts', "import { usersOf } from './repository';\nexport const f = (deps: { db: unknown }) => usersOf(deps.db, []);\n")).toEqual([]);
  });

  it('no service in functions/src/features drives Firestore itself', () => {
    const files = serviceFiles();
    expect(files.length).toBeGreaterThan(15);
    const uses = Object.fromEntries(
      files.map((path) => [relative(root, path), firestoreUses(path, readFileSync(path, 'utf8'))] as const).filter(([, found]) => found.length > 0),
    );
    expect(uses).toEqual({});
  });
});
