import type { VoiceNoteMime } from '@sfida/core/voice-notes';

// What a voice note's bytes are, and how long they play, read from the bytes themselves: a name or
// a Content-Type says what the sender claims. Three containers, each with the codec a browser's
// MediaRecorder writes into it: WebM with Opus (Chrome, Firefox, Edge), MP4 with AAC or Opus
// (Safari; Chrome's MP4), Ogg with Opus (Firefox on request). Anything else is not a voice note.
//
// The bytes come from anyone, and the sniff runs before the rate limit: every loop below steps
// through bytes that are present, and nothing is kept per element, so a file costs time and memory
// linear in its size whatever its headers claim. Its length is the longest of what the headers
// declare and what the audio in it plays (its Opus packets' own durations, its AAC frames), so a
// header cannot make a long recording short.

export interface AudioInfo {
  mime: VoiceNoteMime;
  durationMs: number;
}

/** The container, codec and length of `bytes`, or null when they are not audio we accept. */
export function sniffAudio(bytes: Uint8Array): AudioInfo | null {
  try {
    if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return readWebm(bytes);
    if (bytes.length >= 8 && ascii(bytes, 4, 4) === 'ftyp') return readMp4(bytes);
    if (ascii(bytes, 0, 4) === 'OggS') return readOgg(bytes);
  } catch (error) {
    // A length or an offset past the end: a damaged file, not audio we can vouch for.
    if (error instanceof RangeError) return null;
    throw error;
  }
  return null;
}

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((byte, i) => bytes[i] === byte);
}

/** A short ASCII field ('' when it is longer than `MAX_ASCII`: no field we read is). */
function ascii(bytes: Uint8Array, at: number, length: number): string {
  if (length > MAX_ASCII || at + length > bytes.length) return '';
  return String.fromCharCode(...bytes.subarray(at, at + length));
}

const MAX_ASCII = 64;

/** More tracks than a recorder writes (it writes one): a file with more is not a voice note. */
const MAX_TRACKS = 4;

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

// ---- Opus packets ----

/** Milliseconds of a frame by the TOC byte's configuration (RFC 6716, 3.1): SILK, hybrid, CELT. */
function opusFrameMs(config: number): number {
  if (config < 12) return [10, 20, 40, 60][config & 3]!;
  if (config < 16) return [10, 20][config & 1]!;
  return [2.5, 5, 10, 20][config & 3]!;
}

/** How long the Opus packet in bytes[at, end) plays, from its TOC byte: at most 120 ms; 0 when empty. */
function opusPacketMs(bytes: Uint8Array, at: number, end: number): number {
  if (at >= end) return 0;
  const toc = bytes[at]!;
  const code = toc & 3;
  const frames = code === 0 ? 1 : code < 3 ? 2 : at + 1 < end ? bytes[at + 1]! & 0x3f : 0;
  return Math.min(120, frames * opusFrameMs(toc >> 3));
}

// ---- WebM / Matroska (EBML) ----

const EBML = 0x1a45dfa3;
const DOC_TYPE = 0x4282;
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const TIMECODE_SCALE = 0x2ad7b1;
const DURATION = 0x4489;
const TRACKS = 0x1654ae6b;
const TRACK_ENTRY = 0xae;
const TRACK_TYPE = 0x83;
const CODEC_ID = 0x86;
const CLUSTER = 0x1f43b675;
const SEEK_HEAD = 0x114d9b74;
const CLUSTER_TIMECODE = 0xe7;
const SIMPLE_BLOCK = 0xa3;
const BLOCK_GROUP = 0xa0;
const BLOCK = 0xa1;
/** Elements whose content is more elements: the scan steps into them instead of over them. */
const MASTERS = new Set([SEGMENT, INFO, TRACKS, TRACK_ENTRY, CLUSTER, BLOCK_GROUP]);
const AUDIO_TRACK = 2;

/** An EBML variable-length integer at `at`: its value (marker bit kept for ids) and length; unknown sizes are -1. */
function vint(bytes: Uint8Array, at: number, keepMarker: boolean): { value: number; length: number } {
  const first = bytes[at];
  if (first === undefined) throw new RangeError('past the end');
  let length = 1;
  while (length <= 8 && (first & (0x80 >> (length - 1))) === 0) length++;
  if (length > 8 || at + length > bytes.length) throw new RangeError('bad vint');
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = bytes[at + i]!;
    value = value * 256 + byte;
    if (byte !== 0xff) allOnes = false;
  }
  return { value: !keepMarker && allOnes ? -1 : value, length };
}

function unsignedAt(bytes: Uint8Array, at: number, size: number): number {
  if (size > 8 || at + size > bytes.length) throw new RangeError('bad integer');
  let value = 0;
  for (let i = 0; i < size; i++) value = value * 256 + bytes[at + i]!;
  return value;
}

/**
 * Walks the elements in file order, stepping into the containers: MediaRecorder writes the segment
 * and its clusters with an unknown size and no Duration, so the length is where the last block
 * starts (its cluster's timecode plus its own offset). A Duration element, when there is one, is
 * taken only if it is longer: a short one written by hand cannot shorten a long recording. Both
 * count in TimecodeScale's ticks, which a forger may shrink, so the Opus packets' own durations are
 * added up too, and the longest of the three is the length.
 */
function readWebm(bytes: Uint8Array): AudioInfo | null {
  let at = 0;
  let docType = '';
  let scale = 1_000_000;
  let declared = 0;
  let clusterTime = 0;
  let lastBlock = 0;
  let blocks = 0;
  let audioMs = 0;
  const data = view(bytes);
  const tracks: Array<{ type: number; codec: string }> = [];
  while (at < bytes.length) {
    const id = vint(bytes, at, true);
    const size = vint(bytes, at + id.length, false);
    const start = at + id.length + size.length;
    if (id.value === EBML) {
      // The header: read its DocType, then go on after it.
      if (size.value < 0) return null;
      for (let inner = start; inner < start + size.value; ) {
        const childId = vint(bytes, inner, true);
        const childSize = vint(bytes, inner + childId.length, false);
        const childStart = inner + childId.length + childSize.length;
        if (childSize.value < 0) return null;
        if (childId.value === DOC_TYPE) docType = ascii(bytes, childStart, childSize.value).replace(/\0+$/, '');
        inner = childStart + childSize.value;
      }
      at = start + size.value;
      continue;
    }
    if (MASTERS.has(id.value)) {
      if (id.value === TRACK_ENTRY) {
        // One object per TrackEntry, so a bounded number of them: `AE 80` is two bytes.
        if (tracks.length === MAX_TRACKS) return null;
        tracks.push({ type: 0, codec: '' });
      }
      at = start;
      continue;
    }
    // A leaf with an unknown size, or one cut short: the file ends here.
    if (size.value < 0 || start + size.value > bytes.length) break;
    switch (id.value) {
      case TIMECODE_SCALE:
        scale = unsignedAt(bytes, start, size.value) || scale;
        break;
      case DURATION:
        declared = size.value === 4 ? data.getFloat32(start) : size.value === 8 ? data.getFloat64(start) : 0;
        break;
      case TRACK_TYPE:
        if (tracks.length > 0) tracks.at(-1)!.type = unsignedAt(bytes, start, size.value);
        break;
      case CODEC_ID:
        if (tracks.length > 0) tracks.at(-1)!.codec = ascii(bytes, start, size.value).replace(/\0+$/, '');
        break;
      case CLUSTER_TIMECODE:
        clusterTime = unsignedAt(bytes, start, size.value);
        break;
      case SIMPLE_BLOCK:
      case BLOCK: {
        const track = vint(bytes, start, false);
        const offset = data.getInt16(start + track.length);
        lastBlock = Math.max(lastBlock, clusterTime + offset);
        audioMs += blockMs(bytes, start + track.length + 3, start + size.value);
        blocks++;
        break;
      }
    }
    at = start + size.value;
  }
  if (docType !== 'webm' && docType !== 'matroska') return null;
  // Audio only, and Opus: a video, or a codec a browser's recorder never writes, is refused.
  if (tracks.length === 0 || tracks.some((track) => track.type !== AUDIO_TRACK || track.codec !== 'A_OPUS')) return null;
  if (blocks === 0) return { mime: 'audio/webm', durationMs: 0 };
  const ticksToMs = scale / 1_000_000;
  const durationMs = Math.max(lastBlock * ticksToMs, Number.isFinite(declared) ? declared * ticksToMs : 0, audioMs);
  return { mime: 'audio/webm', durationMs: Math.round(durationMs) };
}

/**
 * How long a block's Opus packets play: its frames start at `at` (after the track, timecode and
 * flags) and end at `end`. Laced blocks hold several packets, their sizes in the lacing header
 * (Xiph, fixed or EBML); MediaRecorder laces none. Every frame of every track counts: a voice
 * note has one track, and counting more can only make a file longer, never shorter.
 */
function blockMs(bytes: Uint8Array, at: number, end: number): number {
  if (at > end) throw new RangeError('bad block');
  const lacing = (bytes[at - 1]! >> 1) & 3;
  if (lacing === 0) return opusPacketMs(bytes, at, end);
  if (at >= end) throw new RangeError('bad lacing');
  const frames = bytes[at]! + 1;
  at++;
  const sizes: number[] = [];
  if (lacing === 1) {
    // Xiph: each size but the last as bytes of 255 and one below.
    for (let i = 0; i < frames - 1; i++) {
      let size = 0;
      for (let byte = 255; byte === 255; size += byte) {
        if (at >= end) throw new RangeError('bad lacing');
        byte = bytes[at++]!;
      }
      sizes.push(size);
    }
  } else if (lacing === 3) {
    // EBML: the first size, then each next one as a signed difference.
    const first = vint(bytes, at, false);
    at += first.length;
    sizes.push(first.value);
    for (let i = 1; i < frames - 1; i++) {
      const difference = vint(bytes, at, false);
      at += difference.length;
      sizes.push(sizes.at(-1)! + difference.value - (2 ** (7 * difference.length - 1) - 1));
    }
  } else {
    sizes.push(...Array.from({ length: frames - 1 }, () => Math.floor((end - at) / frames)));
  }
  let ms = 0;
  for (const size of sizes) {
    if (size < 0 || at + size > end) throw new RangeError('bad lacing');
    ms += opusPacketMs(bytes, at, at + size);
    at += size;
  }
  return ms + opusPacketMs(bytes, at, end);
}

/**
 * MediaRecorder's WebM with a Duration written into its Info element, so that a browser's player
 * shows the length and can seek before it has played the file through. Only for what MediaRecorder
 * writes (a segment of unknown size, no SeekHead, whose offsets the insertion would shift); any
 * other file, or one with a Duration already, comes back as it was.
 */
export function withWebmDuration(bytes: Uint8Array, durationMs: number): Uint8Array {
  try {
    const header = vint(bytes, 0, true);
    const headerSize = vint(bytes, header.length, false);
    if (header.value !== EBML || headerSize.value < 0) return bytes;
    let at = header.length + headerSize.length + headerSize.value;
    const segment = vint(bytes, at, true);
    const segmentSize = vint(bytes, at + segment.length, false);
    if (segment.value !== SEGMENT || segmentSize.value !== -1) return bytes;
    at += segment.length + segmentSize.length;
    while (at < bytes.length) {
      const id = vint(bytes, at, true);
      const size = vint(bytes, at + id.length, false);
      const start = at + id.length + size.length;
      if (id.value === SEEK_HEAD || size.value < 0 || start + size.value > bytes.length) return bytes;
      if (id.value === INFO) return infoWithDuration(bytes, at, start, start + size.value, durationMs);
      // The Info comes before the tracks and the clusters: none found so far, none to find.
      if (id.value === CLUSTER || id.value === TRACKS) return bytes;
      at = start + size.value;
    }
  } catch (error) {
    if (error instanceof RangeError) return bytes;
    throw error;
  }
  return bytes;
}

function infoWithDuration(bytes: Uint8Array, infoAt: number, start: number, end: number, durationMs: number): Uint8Array {
  let scale = 1_000_000;
  for (let at = start; at < end; ) {
    const id = vint(bytes, at, true);
    const size = vint(bytes, at + id.length, false);
    const childStart = at + id.length + size.length;
    if (size.value < 0) return bytes;
    if (id.value === DURATION) return bytes;
    if (id.value === TIMECODE_SCALE) scale = unsignedAt(bytes, childStart, size.value) || scale;
    at = childStart + size.value;
  }
  const duration = new Uint8Array(11);
  duration.set([0x44, 0x89, 0x88]);
  new DataView(duration.buffer).setFloat64(3, (durationMs * 1_000_000) / scale);
  const content = end - start + duration.length;
  // The new size as an 8-byte EBML integer: 0x01 and seven bytes of value.
  const size = new Uint8Array(8);
  size[0] = 0x01;
  for (let i = 7, rest = content; i >= 1; i--, rest = Math.floor(rest / 256)) size[i] = rest % 256;
  const id = bytes.subarray(infoAt, infoAt + 4);
  const out = new Uint8Array(bytes.length + (4 + 8 + content) - (end - infoAt));
  let at = 0;
  for (const part of [bytes.subarray(0, infoAt), id, size, bytes.subarray(start, end), duration, bytes.subarray(end)]) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

// ---- MP4 / M4A (ISO base media boxes) ----

interface Box {
  type: string;
  /** Where its header starts, where its content starts, where it ends. */
  at: number;
  start: number;
  end: number;
}

/**
 * The boxes laid end to end between `from` and `to`, one at a time: nothing is kept per box, and a
 * caller that stops early reads no further.
 */
function* boxes(bytes: Uint8Array, from: number, to: number): Generator<Box> {
  const data = view(bytes);
  let found = 0;
  for (let at = from; at + 8 <= to; ) {
    let size = data.getUint32(at);
    let header = 8;
    if (size === 1) {
      if (at + 16 > to) throw new RangeError('bad box');
      size = Number(data.getBigUint64(at + 8));
      header = 16;
    } else if (size === 0) size = to - at;
    if (size < header || at + size > to) {
      // The last box cut short (a recorder stopped mid-write): keep what is whole.
      if (found > 0) return;
      throw new RangeError('bad box');
    }
    found++;
    yield { type: ascii(bytes, at + 4, 4), at, start: at + header, end: at + size };
    at += size;
  }
}

function child(bytes: Uint8Array, parent: Box, type: string): Box | undefined {
  for (const box of boxes(bytes, parent.start, parent.end)) if (box.type === type) return box;
  return undefined;
}

function* children(bytes: Uint8Array, parent: Box, type: string): Generator<Box> {
  for (const box of boxes(bytes, parent.start, parent.end)) if (box.type === type) yield box;
}

/** Timescale and duration of an mvhd or mdhd box (version 0 or 1). */
function timing(bytes: Uint8Array, box: Box): { timescale: number; duration: number } {
  const data = view(bytes);
  const version = data.getUint8(box.start);
  if (version === 1) return { timescale: data.getUint32(box.start + 20), duration: Number(data.getBigUint64(box.start + 24)) };
  return { timescale: data.getUint32(box.start + 12), duration: data.getUint32(box.start + 16) };
}

/** What a track is made of, for its length: the unit of its sample durations, and how long one sample plays at least. */
interface Mp4Track {
  timescale: number;
  sampleMs: number;
  /** Opus: each sample is read for what it plays (its TOC byte), and that sum is `audioMs`. */
  opus: boolean;
  audioMs: number;
  /** The longest it lasts by any count so far, in milliseconds. */
  ms: number;
  /** Samples counted in its fragments. */
  samples: number;
  /** Where its last fragment ends, and the sum of its fragments' sample durations, in its timescale. */
  end: number;
  sum: number;
}

/** The sampling rates an AudioSpecificConfig names by index (ISO 14496-3). */
const AAC_RATES = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350];
/** Samples in an AAC frame at the rate of its AudioSpecificConfig (with SBR, the core's rate). */
const AAC_FRAME = 1024;
/** The shortest an Opus packet plays: one 2.5 ms CELT frame. */
const OPUS_MIN_PACKET_MS = 2.5;
/** Samples that may not play whole: an encoder's priming (AAC: 1024 to 2112 samples) and its last frame. */
const UNPLAYED_SAMPLES = 3;

/** The least a track of `samples` samples plays, each at least `sampleMs`. */
const leastMs = (samples: number, sampleMs: number) => Math.max(0, samples - UNPLAYED_SAMPLES) * sampleMs;

/**
 * An MP4 with sound tracks only, each AAC (`mp4a`) or Opus. Its length is the longest of the movie
 * header's, each track's header's, the sum of its samples' durations (stts, or the fragments'
 * runs: what MediaRecorder writes declares nothing up front), its number of samples times the
 * shortest a sample of its codec plays, and for Opus what its packets play, each read where its
 * sample is: the headers and the units of the durations are the sender's to write, the frames and
 * the packets are what the bytes hold.
 */
function readMp4(bytes: Uint8Array): AudioInfo | null {
  const moov = child(bytes, { type: '', at: 0, start: 0, end: bytes.length }, 'moov');
  if (!moov) return null;
  const data = view(bytes);
  const tracks = new Map<number, Mp4Track>();
  let count = 0;
  for (const trak of children(bytes, moov, 'trak')) {
    if (++count > MAX_TRACKS) return null;
    const mdia = child(bytes, trak, 'mdia');
    const hdlr = mdia && child(bytes, mdia, 'hdlr');
    const mdhd = mdia && child(bytes, mdia, 'mdhd');
    if (!mdia || !hdlr || !mdhd || ascii(bytes, hdlr.start + 8, 4) !== 'soun') return null;
    const minf = child(bytes, mdia, 'minf');
    const stbl = minf && child(bytes, minf, 'stbl');
    const stsd = stbl && child(bytes, stbl, 'stsd');
    // stsd: version and flags, an entry count, then the sample entries (boxes).
    const entry = stsd && boxes(bytes, stsd.start + 8, stsd.end).next().value;
    if (!stbl || !entry || (entry.type !== 'mp4a' && entry.type !== 'Opus')) return null;
    const opus = entry.type === 'Opus';
    const sampleMs = opus ? OPUS_MIN_PACKET_MS : aacFrameMs(bytes, entry);
    if (sampleMs === null) return null;
    const { timescale, duration } = timing(bytes, mdhd);
    if (timescale === 0) return null;
    const table = sampleTable(bytes, stbl);
    const track: Mp4Track = {
      timescale,
      sampleMs,
      opus,
      audioMs: opus ? opusTableMs(bytes, stbl) : 0,
      ms: Math.max((duration / timescale) * 1000, (table.sum / timescale) * 1000, leastMs(table.samples, sampleMs)),
      samples: 0,
      end: 0,
      sum: 0,
    };
    const tkhd = child(bytes, trak, 'tkhd');
    if (tkhd) tracks.set(data.getUint8(tkhd.start) === 1 ? data.getUint32(tkhd.start + 20) : data.getUint32(tkhd.start + 12), track);
    else tracks.set(-count, track);
  }
  if (count === 0) return null;
  let longest = 0;
  const mvhd = child(bytes, moov, 'mvhd');
  if (mvhd) {
    const { timescale, duration } = timing(bytes, mvhd);
    if (timescale > 0) longest = (duration / timescale) * 1000;
  }
  addFragments(bytes, moov, tracks);
  for (const track of tracks.values()) {
    const declared = (Math.max(track.end, track.sum) / track.timescale) * 1000;
    longest = Math.max(longest, track.ms, declared, leastMs(track.samples, track.sampleMs), track.audioMs);
  }
  return { mime: 'audio/mp4', durationMs: Math.round(longest) };
}

/** The samples of a track's sample table (stts and stsz) and the sum of their durations; each sample takes at least a byte. */
function sampleTable(bytes: Uint8Array, stbl: Box): { samples: number; sum: number } {
  const data = view(bytes);
  let samples = 0;
  let sum = 0;
  const stts = child(bytes, stbl, 'stts');
  if (stts) {
    // Version and flags, an entry count, then (sample count, sample delta) pairs.
    const entries = data.getUint32(stts.start + 4);
    if (stts.start + 8 + entries * 8 > stts.end) throw new RangeError('bad stts');
    for (let i = 0, at = stts.start + 8; i < entries; i++, at += 8) {
      samples += data.getUint32(at);
      sum += data.getUint32(at) * data.getUint32(at + 4);
    }
  }
  const stsz = child(bytes, stbl, 'stsz');
  // Version and flags, one size for every sample (or 0), the sample count.
  if (stsz) samples = Math.max(samples, data.getUint32(stsz.start + 8));
  if (samples > bytes.length) throw new RangeError('more samples than bytes');
  return { samples, sum };
}

/**
 * What the Opus packets of a sample table play, each read where it is: stsz gives the samples'
 * sizes, stsc how many each chunk holds, stco or co64 where each chunk starts. Every loop steps
 * through entries its box holds, and no further than stsz's count (at most a sample a byte).
 */
function opusTableMs(bytes: Uint8Array, stbl: Box): number {
  const data = view(bytes);
  const stsz = child(bytes, stbl, 'stsz');
  if (!stsz) return 0;
  // Version and flags, one size for every sample (or 0: each its own, listed after the count).
  const fixedSize = data.getUint32(stsz.start + 4);
  const samples = data.getUint32(stsz.start + 8);
  if (samples === 0) return 0;
  if (samples > bytes.length || (fixedSize === 0 && stsz.start + 12 + samples * 4 > stsz.end)) throw new RangeError('bad stsz');
  const stsc = child(bytes, stbl, 'stsc');
  const stco = child(bytes, stbl, 'stco') ?? child(bytes, stbl, 'co64');
  // Samples that are nowhere: no player can play them, and no length can be vouched for.
  if (!stsc || !stco) throw new RangeError('samples without chunks');
  const wide = stco.type === 'co64';
  const chunks = data.getUint32(stco.start + 4);
  const runs = data.getUint32(stsc.start + 4);
  if (stco.start + 8 + chunks * (wide ? 8 : 4) > stco.end || stsc.start + 8 + runs * 12 > stsc.end) throw new RangeError('bad chunks');
  let ms = 0;
  let sample = 0;
  let run = 0;
  for (let chunk = 1; chunk <= chunks && sample < samples; chunk++) {
    // stsc: (first chunk, samples per chunk, description) for each run of chunks alike, in order.
    while (run + 1 < runs && data.getUint32(stsc.start + 8 + (run + 1) * 12) <= chunk) run++;
    const perChunk = runs > 0 ? data.getUint32(stsc.start + 8 + run * 12 + 4) : 0;
    let at = wide ? Number(data.getBigUint64(stco.start + 8 + (chunk - 1) * 8)) : data.getUint32(stco.start + 8 + (chunk - 1) * 4);
    for (let i = 0; i < perChunk && sample < samples; i++, sample++) {
      const size = fixedSize || data.getUint32(stsz.start + 12 + sample * 4);
      ms += opusSampleMs(bytes, at, size);
      at += size;
    }
  }
  return ms;
}

/**
 * What the Opus packet of a sample at `at` plays. One that starts outside the file is an error
 * (the file is refused): counting it as nothing would let a forger shorten a file by moving its
 * samples away. One cut short by the file's end is read as far as it goes.
 */
function opusSampleMs(bytes: Uint8Array, at: number, size: number): number {
  if (!(at >= 0 && at < bytes.length)) throw new RangeError('a sample outside the file');
  return opusPacketMs(bytes, at, Math.min(bytes.length, at + size));
}

/**
 * How long an AAC frame plays, from the sample rate of the AudioSpecificConfig in the entry's esds
 * (the one a decoder uses), else the entry's own; null for a rate no recorder writes.
 */
function aacFrameMs(bytes: Uint8Array, entry: Box): number | null {
  // An audio sample entry: 8 bytes of SampleEntry, 20 of fields ending with the rate (16.16), then
  // boxes; QuickTime's versions 1 and 2 of it have 16 or 36 bytes more before them.
  const data = view(bytes);
  const version = data.getUint16(entry.start + 8);
  let rate = 0;
  try {
    const esds = child(bytes, { type: 'mp4a', at: entry.at, start: entry.start + 28 + (version === 1 ? 16 : version === 2 ? 36 : 0), end: entry.end }, 'esds');
    if (esds) rate = audioSpecificRate(bytes, esds);
  } catch (error) {
    // No esds we can read: the entry's own rate says it.
    if (!(error instanceof RangeError)) throw error;
  }
  rate ||= data.getUint16(entry.start + 24);
  if (rate < 7350 || rate > 96000) return null;
  return (AAC_FRAME / rate) * 1000;
}

/** The sample rate in an esds box's AudioSpecificConfig, or 0 when it has none we can read. */
function audioSpecificRate(bytes: Uint8Array, esds: Box): number {
  // Version and flags, then descriptors: a tag and a length of up to four 7-bit bytes.
  let at = esds.start + 4;
  const descriptor = (tag: number): boolean => {
    if (at >= esds.end || bytes[at] !== tag) return false;
    at++;
    for (let i = 0; i < 4 && at < esds.end && bytes[at++]! & 0x80; i++);
    return true;
  };
  if (!descriptor(0x03)) return 0;
  // ES_Descriptor: an id, then flags that say which optional fields follow them.
  const flags = bytes[at + 2] ?? 0;
  at += 3;
  if (flags & 0x80) at += 2; // the stream it depends on
  if (flags & 0x40) at += 1 + (bytes[at] ?? 0); // a URL
  if (flags & 0x20) at += 2; // the OCR stream
  if (!descriptor(0x04)) return 0;
  // DecoderConfigDescriptor: 13 bytes, then the DecoderSpecificInfo, the AudioSpecificConfig.
  at += 13;
  if (!descriptor(0x05) || at + 5 > esds.end) return 0;
  let bits = 0;
  for (let i = 0; i < 5; i++) bits = bits * 256 + bytes[at + i]!;
  // 40 bits: an object type of 5 bits (31: 6 more), a rate index of 4 bits (15: a 24-bit rate).
  const bit = (from: number, length: number) => Math.floor(bits / 2 ** (40 - from - length)) % 2 ** length;
  const from = bit(0, 5) === 31 ? 11 : 5;
  const index = bit(from, 4);
  return index === 15 ? bit(from + 4, 24) : (AAC_RATES[index] ?? 0);
}

/**
 * Adds the fragments (moof boxes) to their tracks: where the last one ends, the sum of their
 * sample durations, their samples, and for Opus what each sample's packet plays. A run's samples
 * are counted, not walked, unless each has its own duration or size (then the run's box holds
 * them) or they are Opus (then each is read where its data is); each sample of any track takes at
 * least a byte of the file, so the walk is bounded by the bytes.
 */
function addFragments(bytes: Uint8Array, moov: Box, tracks: Map<number, Mp4Track>): void {
  const data = view(bytes);
  const defaults = new Map<number, { duration: number; size: number }>();
  const mvex = child(bytes, moov, 'mvex');
  if (mvex) {
    for (const trex of children(bytes, mvex, 'trex')) {
      const trackId = data.getUint32(trex.start + 4);
      if (tracks.has(trackId)) defaults.set(trackId, { duration: data.getUint32(trex.start + 12), size: data.getUint32(trex.start + 16) });
    }
  }
  let samples = 0;
  for (const moof of children(bytes, { type: '', at: 0, start: 0, end: bytes.length }, 'moof')) {
    // Where the previous track fragment's data ends, the base of one that names none. NaN after a
    // fragment of a track we do not read, so that a run said to start there is refused, not read at
    // a place of a forger's choosing.
    let dataEnd = moof.at;
    for (const traf of children(bytes, moof, 'traf')) {
      const tfhd = child(bytes, traf, 'tfhd');
      const trackId = tfhd ? data.getUint32(tfhd.start + 4) : NaN;
      const track = tracks.get(trackId);
      if (!tfhd || !track) {
        dataEnd = NaN;
        continue;
      }
      const flags = data.getUint32(tfhd.start) & 0xffffff;
      let at = tfhd.start + 8;
      // The base of the data offsets: given, the moof (default-base-is-moof), or where the last fragment's data ended.
      const base = flags & 0x01 ? Number(data.getBigUint64(at)) : flags & 0x020000 ? moof.at : dataEnd;
      if (flags & 0x01) at += 8;
      if (flags & 0x02) at += 4; // sample description index
      const defaultDuration = flags & 0x08 ? data.getUint32(at) : (defaults.get(trackId)?.duration ?? 0);
      if (flags & 0x08) at += 4;
      const defaultSize = flags & 0x10 ? data.getUint32(at) : (defaults.get(trackId)?.size ?? 0);
      const tfdt = child(bytes, traf, 'tfdt');
      let time = track.end;
      if (tfdt) time = data.getUint8(tfdt.start) === 1 ? Number(data.getBigUint64(tfdt.start + 4)) : data.getUint32(tfdt.start + 4);
      // A run without a data offset starts where the one before it ended, the first at the base.
      let dataAt = base;
      for (const trun of children(bytes, traf, 'trun')) {
        const runFlags = data.getUint32(trun.start) & 0xffffff;
        const count = data.getUint32(trun.start + 4);
        let entry = trun.start + 8;
        if (runFlags & 0x01) {
          dataAt = base + data.getInt32(entry);
          entry += 4;
        }
        if (runFlags & 0x04) entry += 4; // first sample flags
        const fields = [0x100, 0x200, 0x400, 0x800].filter((bit) => runFlags & bit).length;
        const leastSize = runFlags & 0x200 ? 1 : Math.max(1, defaultSize);
        if (entry + count * fields * 4 > trun.end || count * leastSize > bytes.length) throw new RangeError('bad trun');
        samples += count;
        if (samples > bytes.length) throw new RangeError('more samples than bytes');
        let duration = count * defaultDuration;
        if (runFlags & 0x300 || track.opus) {
          // Each sample's own duration and size (the run's box holds them), or the defaults.
          duration = 0;
          for (let i = 0; i < count; i++, entry += fields * 4) {
            duration += runFlags & 0x100 ? data.getUint32(entry) : defaultDuration;
            const size = runFlags & 0x200 ? data.getUint32(entry + (runFlags & 0x100 ? 4 : 0)) : defaultSize;
            if (track.opus) track.audioMs += opusSampleMs(bytes, dataAt, size);
            dataAt += size;
          }
        } else dataAt += count * defaultSize;
        time += duration;
        track.sum += duration;
        track.samples += count;
      }
      track.end = time;
      dataEnd = dataAt;
    }
  }
}

// ---- Ogg Opus ----

const OPUS_RATE = 48_000;
const MAX_PRE_SKIP_MS = 80;

/**
 * An Ogg stream whose first packet is an Opus header. Its length is the last page's granule
 * position, less the pre-skip, or what its packets play when that is longer: a granule position
 * is the sender's to write. Only the first stream's pages count.
 */
function readOgg(bytes: Uint8Array): AudioInfo | null {
  const data = view(bytes);
  let at = 0;
  let serial = -1;
  let preSkip = 0;
  let granule = 0;
  // Packets so far (the first two are the headers), where the current one starts, what they play.
  let packets = 0;
  let packetAt = -1;
  let audioMs = 0;
  while (at + 27 <= bytes.length && ascii(bytes, at, 4) === 'OggS') {
    const segments = data.getUint8(at + 26);
    if (at + 27 + segments > bytes.length) break;
    let body = 0;
    for (let i = 0; i < segments; i++) body += data.getUint8(at + 27 + i);
    const bodyStart = at + 27 + segments;
    if (bodyStart + body > bytes.length) break;
    const pageSerial = data.getUint32(at + 14, true);
    if (serial === -1) {
      if (ascii(bytes, bodyStart, 8) !== 'OpusHead') return null;
      preSkip = data.getUint16(bodyStart + 10, true);
      serial = pageSerial;
    }
    if (pageSerial === serial) {
      const position = data.getBigInt64(at + 6, true);
      // -1: no packet ends on this page.
      if (position >= 0n) granule = Math.max(granule, Number(position));
      // A packet is a run of segments ending with one under 255 bytes; it may go on to the next page.
      for (let i = 0, segmentAt = bodyStart; i < segments; i++) {
        const length = data.getUint8(at + 27 + i);
        if (packetAt === -1) packetAt = segmentAt;
        segmentAt += length;
        if (length < 255) {
          if (packets >= 2) audioMs += opusPacketMs(bytes, packetAt, segmentAt);
          packets++;
          packetAt = -1;
        }
      }
    }
    at = bodyStart + body;
  }
  if (serial === -1) return null;
  // The pre-skip is the sender's to write too (up to 1.37 s): what the packets play loses at most an
  // encoder's look-ahead (libopus writes 6.5 ms; 80 ms leaves room to spare), so it cannot hide audio.
  const preSkipMs = Math.min((preSkip / OPUS_RATE) * 1000, MAX_PRE_SKIP_MS);
  const durationMs = Math.max((Math.max(0, granule - preSkip) / OPUS_RATE) * 1000, audioMs - preSkipMs);
  return { mime: 'audio/ogg', durationMs: Math.round(durationMs) };
}
