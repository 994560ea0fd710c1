import { readFileSync } from 'node:fs';
import { afterAll } from 'vitest';
import { indexProblems, parseIndexFile, recordQueries, shapesOfQuery, type RecordedQuery } from '../../functions/src/test-support/firestore-index-check';

// The embedded emulator runs any query without an index; production rejects one whose composite
// index is not deployed. So every query the server code runs in an API test file is recorded and,
// after the file, checked against firestore.indexes.json.
const indexFile = parseIndexFile(JSON.parse(readFileSync(new URL('../../firestore.indexes.json', import.meta.url), 'utf8')));

const recorded: RecordedQuery[] = [];
const stop = recordQueries((query, calledFrom) => {
  // A test's own look at what was stored never runs in production.
  if (calledFrom && /\.test\.ts\b/.test(calledFrom)) return;
  for (const shape of shapesOfQuery(query)) recorded.push(calledFrom ? { shape, calledFrom } : { shape });
});

afterAll(() => {
  stop();
  const problems = indexProblems(recorded, indexFile);
  if (problems.length > 0) {
    throw new Error(`Queries without their index in firestore.indexes.json (production would reject them):\n${problems.join('\n')}`);
  }
});
