import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { MAX_VOICE_NOTE_BYTES, VOICE_NOTE_MIMES } from '@sfida/core/voice-notes';
import { sniffAudio } from './audio-format';
import { cost, emptyTrackEntries, endlessRun, fixture, lyingMp4, lyingOgg, lyingWebm, opusByteRun, opusMp4 } from './fixtures';

// Anyone may upload anything, and the sniff runs before the hourly limit: whatever the bytes, it
// answers (null or an AudioInfo, never an exception) within a CPU and heap budget linear in the
// size. The inputs are the real fixtures mutated as a forger would: bytes flipped, sizes and
// counts made huge, boxes and elements duplicated many times over, the file cut short.

const MB = 1024 * 1024;
/** Generous for a loaded two-core machine (this thread's own CPU time), and far below a walk per claimed sample. */
const cpuBudgetMs = (size: number) => 150 + (150 * size) / MB;
/** The young generation's garbage may still be counted; what an allocation per element costs is not. */
const heapBudget = (size: number) => 48 * MB + 4 * size;

/** Opus in MP4, which no fixture holds: short.ogg's packets laid out as MediaRecorder and as a file would. */
const built = new Map([
  ['Opus in a fragmented MP4', opusMp4({ layout: 'fragmented' })],
  ['Opus in a fragmented MP4 with base data offsets', opusMp4({ layout: 'fragmented', base: 'offset' })],
  ['Opus in an MP4 file', opusMp4({ layout: 'file' })],
]);
const containers = {
  mp4: ['short.m4a', 'frag.m4a', 'long.m4a', ...built.keys()],
  webm: ['live.webm', 'chrome.webm', 'short.webm', 'long.webm', 'video.webm'],
  ogg: ['short.ogg'],
} as const;
const files = new Map(Object.values(containers).flat().map((name) => [name, built.get(name) ?? fixture(name)]));

/**
 * Where the structure's pieces start, so that a duplicated slice is a box, an element or a page:
 * before a box type, at a multi-byte EBML id, at a page's capture pattern.
 */
const MARKERS = [
  ...['moov', 'trak', 'mdia', 'minf', 'stbl', 'stts', 'stsz', 'stsc', 'stco', 'moof', 'traf', 'tfhd', 'trun', 'mdat', 'mvex', 'trex'].map((type) => ({
    bytes: new TextEncoder().encode(type),
    back: 4,
  })),
  ...[
    [0x1f, 0x43, 0xb6, 0x75], // Cluster
    [0x16, 0x54, 0xae, 0x6b], // Tracks
    [0x15, 0x49, 0xa9, 0x66], // Info
    [0x18, 0x53, 0x80, 0x67], // Segment
  ].map((id) => ({ bytes: Uint8Array.from(id), back: 0 })),
  { bytes: new TextEncoder().encode('OggS'), back: 0 },
];

function markers(bytes: Uint8Array): number[] {
  const buffer = Buffer.from(bytes);
  const found = new Set<number>([0, bytes.length]);
  for (const marker of MARKERS) {
    for (let at = buffer.indexOf(marker.bytes); at >= 0; at = buffer.indexOf(marker.bytes, at + 1)) found.add(Math.max(0, at - marker.back));
  }
  return [...found].sort((a, b) => a - b);
}

/** Sizes and counts a forger writes: all ones, the largest signed, an 8-byte EBML size, zero. */
const HUGE = [
  [0xff, 0xff, 0xff, 0xff],
  [0x7f, 0xff, 0xff, 0xff],
  [0x00, 0x00, 0x00, 0x01],
  [0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe],
  [0x00, 0x00, 0x00, 0x00],
  [0x80],
];

type Mutation = (bytes: Uint8Array) => Uint8Array;
const fraction = fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true });
const at = (bytes: Uint8Array, f: number) => Math.floor(f * bytes.length);

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  // A byte flipped.
  fc.tuple(fraction, fc.integer({ min: 0, max: 255 })).map(([f, value]): Mutation => (bytes) => {
    const out = new Uint8Array(bytes);
    if (out.length > 0) out[at(out, f)] = value;
    return out;
  }),
  // A huge size or count written over a field.
  fc.tuple(fraction, fc.constantFrom(...HUGE)).map(([f, value]): Mutation => (bytes) => {
    const out = new Uint8Array(bytes);
    out.set(value.slice(0, Math.max(0, out.length - at(out, f))), at(out, f));
    return out;
  }),
  // A field of a box, an element or a page's header (its size, flags, a count) made huge or zero.
  fc.tuple(fraction, fc.integer({ min: 0, max: 7 }), fc.constantFrom(...HUGE)).map(([f, field, value]): Mutation => (bytes) => {
    const starts = markers(bytes);
    const where = Math.min(bytes.length, starts[Math.floor(f * starts.length)]! + field * 4);
    const out = new Uint8Array(bytes);
    out.set(value.slice(0, out.length - where), where);
    return out;
  }),
  // A box, an element or a page repeated, up to a few thousand times.
  fc.tuple(fraction, fc.integer({ min: 1, max: 3000 })).map(([f, times]): Mutation => (bytes) => {
    const starts = markers(bytes);
    const i = Math.min(starts.length - 2, Math.floor(f * (starts.length - 1)));
    const slice = bytes.subarray(starts[i], starts[i + 1]);
    const copies = Math.max(1, Math.min(times, Math.floor(MAX_VOICE_NOTE_BYTES / Math.max(1, slice.length)) - 1));
    return splice(bytes, starts[i + 1]!, Array.from({ length: copies }, () => slice));
  }),
  // Any slice copied somewhere else.
  fc.tuple(fraction, fraction, fraction).map(([from, length, to]): Mutation => (bytes) => {
    const start = at(bytes, from);
    return splice(bytes, at(bytes, to), [bytes.subarray(start, start + Math.ceil(length * (bytes.length - start)))]);
  }),
  // Cut short.
  fraction.map((f): Mutation => (bytes) => bytes.subarray(0, at(bytes, f))),
);

function splice(bytes: Uint8Array, where: number, parts: Uint8Array[]): Uint8Array {
  const inserted = parts.reduce((sum, part) => sum + part.length, 0);
  const out = new Uint8Array(Math.min(MAX_VOICE_NOTE_BYTES, bytes.length + inserted));
  out.set(bytes.subarray(0, where));
  let to = where;
  for (const part of [...parts, bytes.subarray(where)]) {
    if (to >= out.length) break;
    out.set(part.subarray(0, out.length - to), to);
    to += part.length;
  }
  return out;
}

/** Answered, and within the budget: null or an AudioInfo with a whole, finite length (a huge one is refused as too long). */
function expectAnsweredWithinBudget(bytes: Uint8Array): void {
  const { result, cpuMs, heapBytes } = cost(() => sniffAudio(bytes));
  if (result !== null) {
    expect(VOICE_NOTE_MIMES).toContain(result.mime);
    expect(Number.isInteger(result.durationMs) && result.durationMs >= 0, `${result.durationMs} ms`).toBe(true);
  }
  expect(cpuMs, `${bytes.length} bytes`).toBeLessThan(cpuBudgetMs(bytes.length));
  expect(heapBytes, `${bytes.length} bytes`).toBeLessThan(heapBudget(bytes.length));
}

describe('sniffAudio on forged files', () => {
  test('the reproductions are answered within the budget', () => {
    const run = endlessRun();
    const moof = run.subarray(fixture('frag.m4a').length);
    const reproductions = [
      run,
      // 1,000 such fragments in 52 KB: hours for a walk per claimed sample.
      splice(run, run.length, Array.from({ length: 1000 }, () => moof)),
      emptyTrackEntries(),
      lyingMp4(100, 'durations'),
      lyingMp4(100, 'timescales'),
      lyingWebm(1000),
      // Opus in MP4 whose timescale and sample durations lie, and a sample a byte, each read.
      opusMp4({ layout: 'fragmented', samples: 6250, timescale: 96_000, sampleDuration: 240 }),
      opusMp4({ layout: 'file', samples: 6250, timescale: 96_000, sampleDuration: 240 }),
      opusByteRun(),
      lyingOgg(122.5, 65_535),
    ];
    for (const bytes of reproductions) expectAnsweredWithinBudget(bytes);
  });

  test.each(Object.entries(containers))('mutated %s files are answered within the budget', (_, names) => {
    fc.assert(
      fc.property(fc.constantFrom(...names), fc.array(mutation, { minLength: 1, maxLength: 4 }), (name, mutations) => {
        expectAnsweredWithinBudget(mutations.reduce((bytes, mutate) => mutate(bytes), files.get(name)!));
      }),
      { numRuns: 150 },
    );
  });

  test('random bytes after each container\'s signature are answered within the budget', () => {
    const signatures = [
      Uint8Array.from([0x1a, 0x45, 0xdf, 0xa3]),
      Uint8Array.from([0, 0, 0, 0x20, ...new TextEncoder().encode('ftypisom')]),
      new TextEncoder().encode('OggS'),
    ];
    fc.assert(
      fc.property(fc.constantFrom(...signatures), fc.uint8Array({ maxLength: 4096 }), (signature, rest) => {
        expectAnsweredWithinBudget(Uint8Array.from([...signature, ...rest]));
      }),
      { numRuns: 300 },
    );
  });
});
