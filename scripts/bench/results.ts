import { execFileSync } from 'node:child_process';
import { cpus } from 'node:os';

/** One line of the bench table. `value` null means the part is not there yet ("non disponibile"). */
export interface Row {
  section: 'Pagine' | 'API' | 'Cold start' | 'Tracker';
  figure: string;
  value: number | null;
  baseline: number | null;
  unit: 'ms' | 'req/s' | 'score' | '' | 'count' | 'bytes';
  /** Human-readable goal, e.g. "≥ 95" or "≥ 0.7× baseline". */
  goal: string;
  /** Whether the goal is met; null when there is no goal or nothing was measured. */
  ok: boolean | null;
  note?: string;
}

export const NOT_AVAILABLE = 'non disponibile';

/** The median of some measurements (the mean of the middle two for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** value / baseline, when both exist and the baseline is not zero. */
export function ratioOf(row: Row): number | null {
  if (row.value === null || row.baseline === null || row.baseline === 0) return null;
  return row.value / row.baseline;
}

/**
 * A figure against a baseline with a goal on their ratio: at most `atMost`× the baseline (a
 * latency, a size) or at least `atLeast`× it (a throughput); `label` names the baseline in the
 * goal ("floor", "8 weeks"). No goal when neither is given.
 */
export function ratioRow(
  figure: string,
  value: number | null,
  baseline: number | null,
  unit: Row['unit'],
  goal: { atMost?: number; atLeast?: number; label?: string } = {},
  note?: string,
): Row {
  const label = goal.label ?? 'baseline';
  const measured = value !== null && baseline !== null && baseline !== 0;
  const text = goal.atMost !== undefined ? `≤ ${goal.atMost}× ${label}` : goal.atLeast !== undefined ? `≥ ${goal.atLeast}× ${label}` : '';
  const ok = !measured || text === '' ? null : goal.atMost !== undefined ? value <= goal.atMost * baseline : value >= goal.atLeast! * baseline;
  return { section: 'API', figure, value, baseline, unit, goal: text, ok, ...(note ? { note } : {}) };
}

/** What a load reports that a floor's goals compare. */
export interface LoadFigures {
  requestsPerSecond: number;
  p50: number;
}

/**
 * A row's figures against its floor (the bare function doing the same reads and writes, issue 56
 * §1) with the floor's goals, and the floor's own against the one-read baseline function.
 */
export function floorRows(
  name: string,
  load: LoadFigures | null,
  floor: LoadFigures | null,
  oneRead: LoadFigures | null,
  goals: { throughputAtLeast?: number; p50AtMost?: number },
  note?: string,
): Row[] {
  const floorName = `${name} floor (bare function, the same reads and writes)`;
  return [
    ratioRow(`${name} throughput against its floor`, load?.requestsPerSecond ?? null, floor?.requestsPerSecond ?? null, 'req/s', { atLeast: goals.throughputAtLeast, label: 'floor' }, note),
    ratioRow(`${name} latency p50 against its floor`, load?.p50 ?? null, floor?.p50 ?? null, 'ms', { atMost: goals.p50AtMost, label: 'floor' }),
    ratioRow(`${floorName} throughput against the one-read baseline`, floor?.requestsPerSecond ?? null, oneRead?.requestsPerSecond ?? null, 'req/s'),
    ratioRow(`${floorName} latency p50 against the one-read baseline`, floor?.p50 ?? null, oneRead?.p50 ?? null, 'ms'),
  ];
}

function formatNumber(value: number | null, unit: Row['unit']): string {
  if (value === null) return NOT_AVAILABLE;
  if (unit === 'score' || unit === 'count') return String(Math.round(value));
  if (unit === 'ms') return value < 1 ? `${(value * 1000).toFixed(1)} µs` : `${value < 100 ? value.toFixed(1) : Math.round(value)} ms`;
  if (unit === 'req/s') return `${value.toFixed(0)} req/s`;
  if (unit === 'bytes') return value < 1024 ? `${Math.round(value)} B` : `${(value / 1024).toFixed(1)} KB`;
  return value < 1 ? value.toFixed(3) : value.toFixed(2);
}

function cells(row: Row): string[] {
  const ratio = ratioOf(row);
  return [
    `${row.section}: ${row.figure}`,
    formatNumber(row.value, row.unit),
    row.baseline === null ? '—' : formatNumber(row.baseline, row.unit),
    ratio === null ? '—' : `${ratio.toFixed(2)}×`,
    row.goal || '—',
    row.ok === null ? '—' : row.ok ? 'sì' : 'NO',
  ];
}

const HEADER = ['figure', 'value', 'baseline', 'ratio', 'goal', 'ok?'];

/** The table for a terminal: aligned columns, notes below. */
export function textTable(rows: Row[]): string {
  const table = [HEADER, ...rows.map(cells)];
  const widths = HEADER.map((_, i) => Math.max(...table.map((line) => line[i]!.length)));
  const lines = table.map((line) => line.map((cell, i) => cell.padEnd(widths[i]!)).join('  '));
  lines.splice(1, 0, widths.map((w) => '-'.repeat(w)).join('  '));
  return [...lines, ...notes(rows).map((note) => `  * ${note}`)].join('\n');
}

function notes(rows: Row[]): string[] {
  return rows.filter((row) => row.note).map((row) => `${row.section}: ${row.figure} — ${row.note}`);
}

export interface RunInfo {
  startedAt: string;
  seconds: number;
  commit: string;
  node: string;
  cpu: string;
  cores: number;
  /** The font Chromium draws emoji with, or null when the machine has none. */
  emojiFont: string | null;
}

/**
 * The installed font that has the app's emoji (🔥), as fontconfig finds it. A phone always has one;
 * without it Chromium searches every font for each emoji, which slows the pages' layouts.
 */
function emojiFont(): string | null {
  try {
    const families = execFileSync('fc-list', [':charset=1f525', 'family'], { encoding: 'utf8' }).trim();
    return families ? families.split('\n')[0]!.split(',')[0]!.trim() : null;
  } catch {
    return null;
  }
}

export function runInfo(startedAt: Date, commit: string): RunInfo {
  const cpuList = cpus();
  return {
    startedAt: startedAt.toISOString(),
    seconds: Math.round((Date.now() - startedAt.getTime()) / 1000),
    commit,
    node: process.version,
    cpu: cpuList[0]?.model.trim() ?? 'unknown',
    cores: cpuList.length,
    emojiFont: emojiFont(),
  };
}

const escapeCell = (text: string) => text.replace(/\|/g, '\\|');

/** The report's own sections; every other `## ` section of the file was written by hand. */
const WRITTEN_BY_THE_BENCH = new Set(['What is measured', 'Reproduce']);

/**
 * The hand-written `## ` sections of the last report (measurements of the test suite, a goal's
 * reading), which a new run keeps where they were: between the table and "What is measured".
 */
export function handWrittenSections(previous: string): string {
  const sections = previous.split(/\n(?=## )/).slice(1);
  const kept = sections.filter((section) => !WRITTEN_BY_THE_BENCH.has(/^## (.*)/.exec(section)![1]!.trim()));
  return kept.map((section) => `${section.trimEnd()}\n`).join('\n');
}

/** docs/performance.md: the latest table, the hand-written sections kept, how it was measured and how to reproduce it. */
export function markdownReport(rows: Row[], info: RunInfo, kept = ''): string {
  const table = [
    `| ${HEADER.join(' | ')} |`,
    `| ${HEADER.map((_, i) => (i === 0 ? '---' : '---:')).join(' | ')} |`,
    ...rows.map((row) => `| ${cells(row).map(escapeCell).join(' | ')} |`),
  ];
  const noteLines = notes(rows).map((note) => `- ${escapeCell(note)}`);
  return `# Performance

Latest \`npm run bench\`: ${info.startedAt.slice(0, 16).replace('T', ' ')} UTC, commit \`${info.commit.slice(0, 10)}\`,
Node ${info.node}, ${info.cores} × ${info.cpu}, ${info.emojiFont ? `emoji font ${info.emojiFont}` : 'no emoji font found (fc-list)'}, ${info.seconds} s in all. Figures are noisy; each is measured
side by side with its baseline in the same run, so read the ratio first. "${NOT_AVAILABLE}" means that part
of the app did not exist (or did not answer) when the bench ran.

${table.join('\n')}
${noteLines.length ? `\nNotes:\n\n${noteLines.join('\n')}\n` : ''}${kept ? `\n${kept}` : ''}
## What is measured

- **Pagine**: Lighthouse (default mobile profile: simulated slow 4G and 4× CPU slowdown) on the installed
  Chromium, headless, five runs per page (the run with the median performance score is reported; the notes give
  every run's score and the range of Lighthouse's CPU benchmark index, this machine's speed during the runs),
  against the built app served by the Hosting emulator. The dashboard is loaded
  with a signed-in session cookie; the runs share one Chromium, and Lighthouse empties the HTTP cache before
  each but not local storage, so the first dashboard run is a new device (the tracker restored from the server) and
  the next four a returning participant (the tracker already in local storage). Each page is measured against the floor of its kind. The landing and login pages
  (prerendered HTML): a minimal static HTML page (a heading and a paragraph) served from 127.0.0.1. The dashboard
  (rendered in the browser from the participant's data): the least a signed-in screen can be on the app's own stack,
  \`web/bench/floor\` (React, React Router, TanStack Query and Chakra UI with the app's theme and built global
  styles, started like \`app.html\`, a heading and a card from one JSON answer), built by the bench with the app's
  Vite plugins and served compressed from 127.0.0.1. Goal: performance ≥ 95 and accessibility 100 on all three pages.
  Each of the three pages then runs five more times with the CPU slowdown calibrated to this machine (4× × the
  median benchmark index of its runs / 1750, the middle of the high-end desktop bracket Lighthouse's 4× is meant for,
  as Lighthouse's throttling docs advise): the notes give those scores, which compare across fast and slow phases.
- **API**: autocannon (in its own process), 50 connections for 10 s per endpoint after a 3 s warm-up; every
  non-2xx answer counts as an error. \`PUT /api/users/me/progress\` is 50 participants syncing, one per
  connection, each with its own session and tracker: a cohort of their own on the last day of eight weeks of ten
  habits, built with core's reducers and synced once a day through the server's tracker service with its clock
  at that day (sent in one piece afterwards, the server would keep only the last seven days). As the web app does,
  each reads its copy and revision first, then sends it with its first habit ticked or unticked for today and
  \`If-Match\` the tag of its last 200 (\`scripts/bench/sync-participant.ts\`). Baseline: a bare
  Express handler reading one Firestore document (\`.bench/baseline-fn\`, generated by the bench and loaded as a
  second codebase in the bench's Functions emulator): a copy of the runner's user document, the one
  \`/api/auth/me\` reads, since the embedded emulator's cost of a read grows with the document's fields and runs on
  the same two cores (a three-field document cost ~150 µs of its CPU a read, the user's ~235 µs). The baseline and \`GET /api/auth/me\` run in three alternating
  rounds (baseline first, then /me first, then baseline first), and each reports its median round: this machine's
  speed drifts within minutes, and one load of each compared that drift as much as the handlers. Both functions are loaded by
  \`scripts/bench/function-host.ts\`, which runs them as one Cloud Functions instance does (one Node process
  serving concurrent requests) with the emulator worker's own request pipeline: the Functions emulator itself
  gives every concurrent request a Node process of its own, so 50 connections there measure 50 processes starting
  on 2 cores rather than the function. Both talk to the same embedded Firestore and Auth emulators; that
  Firestore is the Node emulator running inside the bench's own process, so query-heavy endpoints measure it as
  much as the function. Goal: \`/api/auth/me\` at least 0.7× the baseline's throughput, with zero errors.
- **Floors** (issue 56 §1; the rows "… against its floor"): beside the sync rows and the roster page at 5,000, in
  the same rounds of turning order, a bare function on the same function host and emulator doing that row's
  Firestore input and output and nothing else (\`scripts/bench/floor-fn.ts\`). What it does is recorded, not
  written by hand: one real request of the row per participant of its load, on the app built in the bench's process,
  with the Admin SDK's reads (\`getAll\` with its field mask, queries rebuilt from the chain that built them, count
  aggregations, a transaction's reads) and each committed batch's writes with their data recorded
  (\`scripts/bench/io-record.ts\`). The floor replays them in the same waves (what ran at once runs at once): the
  same documents read, one batch per batch with the same data written to scratch copies (\`benchFloor/…\`, one per
  document written, each first a copy of it, so a sync's floor never moves a participant's revision), and the same
  answer (gzipped when the app's was). Goals: the sync's p50 at most 2× its floor's and its throughput at least
  0.5× its floor's; the roster page's p50 at 5,000 at most 1.5× its floor's. Each floor is also shown against the
  one-read baseline.
- **24 months** (the rows "(24 months)"): 50 participants of ten daily habits whose history ends today after 730
  days: season 1 (eight weeks and 13 maintenance months, in \`coorte-bench-24-mesi\`) archived by the seasons
  service when they accept season 2 (\`coorte-bench-24-mesi-s2\`: eight weeks and maintenance up to today). One is
  synced once a day through the tracker service with its clock at that day, and invited and moved by the seasons
  service; the others get copies of every document under its id that its last sync read or its syncs set
  (\`scripts/bench/seed-long.ts\`), whatever the tracker's layout. Goals: their sync's p50 at most 1.2× the eight
  weeks' (the same rounds), and the largest document under the template's id at most 256 KB (Firestore's own
  size rules, read back from the emulator).
- **Cohort size** (the API rows named "500 participants" and "5,000 participants"): the leaderboard
  (\`GET /api/cohorts/{id}/leaderboard?weekStart=\` this week, as a participant of the cohort: 50 connections) and the
  coach console's roster call (\`GET /api/coach/cohorts/{id}/participants?limit=100\`, one page, as the OWNER in
  the cohort's \`coachIds\`, with \`Accept-Encoding: gzip\`: 4 connections, since a page carries 100 synced trackers
  and at 50 connections no answer came within autocannon's timeout) on two cohorts in the same database: the bench
  cohort (500, seeded as above) and a second one of 5,000. Of the second, one member per tracker variant is created
  and synced through the server's own code (\`ensureAccount\`, the tracker service); the other 4,996 get copies of
  their variant's \`users\`, \`progress\`, \`progressSummaries\` and \`weeklyScores\` documents under their own id and
  name, written with the Admin SDK in batches (no Auth account, no \`progressRevisions\` marker: nothing these calls
  read). The two sizes run in three alternating rounds on the function host, each reporting its median round's
  throughput and the median of its rounds' p50 and p99 (the note gives each round's p50 at both sizes); the 5,000
  rows have the 500 rows as their baseline. Goal: p50 at 5,000 at most 1.3× p50 at 500. The embedded emulator
  answers a query by scanning the collection, whatever the indexes: the 500 cohort is measured with the 5,000 in the
  same collections, so both pay that scan alike. **Documents read per request**: counted on the app built in the
  bench's process (\`createApp(deps)\` from \`functions/src\`, the same code as the built function), one request at a
  time, by wrapping the Admin SDK's read paths (\`Firestore.getAll\`, which \`DocumentReference.get\` uses,
  \`Query.get\`, counting a query with no result as one read, and count aggregations at one read per 1,000 entries,
  at least one), \`scripts/bench/read-count.ts\`. The value is the first request (the leaderboard's top not cached
  yet, the session not cached yet); the note gives a second one.
- **Coach home** (the API rows "GET coach home, Da fare oggi", issue 37 §1): the console's home call
  (\`GET /api/coach/triage?limit=30\`) by a coach of 5 cohorts × 200 participants against a coach of 1 cohort × 40, in
  the same database as the cohorts above, 4 connections, in three alternating rounds as above. Their participants
  are copies of the large cohort's synced members (every eighth never started, with no tracker), each marked due for
  the triage as a sync marks them; before the loads each coach looks until none of theirs is due (a look works out
  at most 300), so the rows measure the steady home. Goal: p50 at 5 × 200 at most 1.3× p50 at 1 × 40, and documents
  read per look at most the page, the coach's cohorts and 6 more (the value is a steady look; the note gives the
  warm-up's).
- **Cold start**: median time to \`require()\` the built \`functions/lib/index.js\` in a fresh \`node\` process,
  against a bare \`onRequest(express())\` module; 15 processes each, interleaved. Goal: at most 1.5× the baseline.
- **Tracker**: median over many iterations (\`process.hrtime.bigint\`) of computing points (expected awards,
  reconciliation, total), streaks and badges and the weekly summary for eight full weeks of ten habits, and of the
  dashboard's one-second re-read of local storage when nothing changed (the web tracker store, run in Node with an
  in-memory localStorage stand-in that returns a fresh string on every read, as a browser does). Goal: under 1 ms each.

## Reproduce

\`\`\`bash
npm run bench                # builds if web/ or functions/ changed, then ~12 minutes on 2 cores
npm run bench -- --only=scale  # only the cohort-size rows (~5 minutes), written to .bench/performance-partial.md
\`\`\`

Everything runs on 127.0.0.1 with the bench profile's own ports (Hosting 5400, Functions 5401, Auth 9399,
Firestore 8380), so it can run next to \`npm start\`. The bench seeds its own data and always exits 0 unless the
harness itself breaks; the raw figures are in \`.bench/results.json\`.
With no emoji font on the machine, Chromium searches every installed font for each emoji (the landing's feature
icons; the signed-in screens draw theirs as SVG; a phone always has one): install one (Debian: \`apt-get install fonts-noto-color-emoji\`) before comparing runs;
the header above names the font the run had.
`;
}
