import type { VoiceNoteMime } from '@sfida/core/voice-notes';

// What a voice note's bytes are, and how long they play, read from the bytes themselves: a name or
// a Content-Type says what the sender claims. Three containers, each with the codec a browser's
// MediaRecorder writes into it: WebM with Opus (Chrome, Firefox, Edge), MP4 with AAC or Opus
// (Safari; Chrome's MP4), Ogg with Opus (Firefox on request). Anything else is not a voice note.

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

function ascii(bytes: Uint8Array, at: number, length: number): string {
  if (at + length > bytes.length) return '';
  return String.fromCharCode(...bytes.subarray(at, at + length));
}

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
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
 * taken only if it is longer: a short one written by hand cannot shorten a long recording.
 */
function readWebm(bytes: Uint8Array): AudioInfo | null {
  let at = 0;
  let docType = '';
  let scale = 1_000_000;
  let declared = 0;
  let clusterTime = 0;
  let lastBlock = 0;
  let blocks = 0;
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
      if (id.value === TRACK_ENTRY) tracks.push({ type: 0, codec: '' });
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
        declared = size.value === 4 ? view(bytes).getFloat32(start) : size.value === 8 ? view(bytes).getFloat64(start) : 0;
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
        const offset = view(bytes).getInt16(start + track.length);
        lastBlock = Math.max(lastBlock, clusterTime + offset);
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
  const durationMs = Math.max(lastBlock * ticksToMs, Number.isFinite(declared) ? declared * ticksToMs : 0);
  return { mime: 'audio/webm', durationMs: Math.round(durationMs) };
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
  start: number;
  end: number;
}

/** The boxes laid end to end between `from` and `to`. */
function boxes(bytes: Uint8Array, from: number, to: number): Box[] {
  const found: Box[] = [];
  const data = view(bytes);
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
      if (found.length > 0) break;
      throw new RangeError('bad box');
    }
    found.push({ type: ascii(bytes, at + 4, 4), start: at + header, end: at + size });
    at += size;
  }
  return found;
}

const child = (bytes: Uint8Array, parent: Box, type: string) => boxes(bytes, parent.start, parent.end).find((box) => box.type === type);
const children = (bytes: Uint8Array, parent: Box, type: string) => boxes(bytes, parent.start, parent.end).filter((box) => box.type === type);

/** Timescale and duration of an mvhd or mdhd box (version 0 or 1). */
function timing(bytes: Uint8Array, box: Box): { timescale: number; duration: number } {
  const data = view(bytes);
  const version = data.getUint8(box.start);
  if (version === 1) return { timescale: data.getUint32(box.start + 20), duration: Number(data.getBigUint64(box.start + 24)) };
  return { timescale: data.getUint32(box.start + 12), duration: data.getUint32(box.start + 16) };
}

/**
 * An MP4 with sound tracks only, each AAC (`mp4a`) or Opus. Its length is the movie header's, or
 * the longest track's; a fragmented file (what MediaRecorder writes) declares none up front, so
 * its fragments' sample durations are added up.
 */
function readMp4(bytes: Uint8Array): AudioInfo | null {
  const top = boxes(bytes, 0, bytes.length);
  const moov = top.find((box) => box.type === 'moov');
  if (!moov) return null;
  const traks = children(bytes, moov, 'trak');
  if (traks.length === 0) return null;
  const timescales = new Map<number, number>();
  let longest = 0;
  for (const trak of traks) {
    const mdia = child(bytes, trak, 'mdia');
    const hdlr = mdia && child(bytes, mdia, 'hdlr');
    const mdhd = mdia && child(bytes, mdia, 'mdhd');
    if (!mdia || !hdlr || !mdhd || ascii(bytes, hdlr.start + 8, 4) !== 'soun') return null;
    const minf = child(bytes, mdia, 'minf');
    const stbl = minf && child(bytes, minf, 'stbl');
    const stsd = stbl && child(bytes, stbl, 'stsd');
    // stsd: version and flags, an entry count, then the sample entries (boxes).
    const entry = stsd && boxes(bytes, stsd.start + 8, stsd.end)[0];
    if (!entry || (entry.type !== 'mp4a' && entry.type !== 'Opus')) return null;
    const { timescale, duration } = timing(bytes, mdhd);
    if (timescale === 0) return null;
    const tkhd = child(bytes, trak, 'tkhd');
    if (tkhd) {
      const data = view(bytes);
      const trackId = data.getUint8(tkhd.start) === 1 ? data.getUint32(tkhd.start + 20) : data.getUint32(tkhd.start + 12);
      timescales.set(trackId, timescale);
    }
    longest = Math.max(longest, (duration / timescale) * 1000);
  }
  const mvhd = child(bytes, moov, 'mvhd');
  if (mvhd) {
    const { timescale, duration } = timing(bytes, mvhd);
    if (timescale > 0) longest = Math.max(longest, (duration / timescale) * 1000);
  }
  longest = Math.max(longest, fragmentsLength(bytes, top, moov, timescales));
  return { mime: 'audio/mp4', durationMs: Math.round(longest) };
}

/** The end of the last sample of the fragments (moof boxes), in milliseconds; 0 when there are none. */
function fragmentsLength(bytes: Uint8Array, top: Box[], moov: Box, timescales: Map<number, number>): number {
  const data = view(bytes);
  const defaults = new Map<number, number>();
  const mvex = child(bytes, moov, 'mvex');
  for (const trex of mvex ? children(bytes, mvex, 'trex') : []) defaults.set(data.getUint32(trex.start + 4), data.getUint32(trex.start + 12));
  const ends = new Map<number, number>();
  for (const moof of top.filter((box) => box.type === 'moof')) {
    for (const traf of children(bytes, moof, 'traf')) {
      const tfhd = child(bytes, traf, 'tfhd');
      if (!tfhd) continue;
      const flags = data.getUint32(tfhd.start) & 0xffffff;
      const trackId = data.getUint32(tfhd.start + 4);
      let at = tfhd.start + 8;
      if (flags & 0x01) at += 8; // base data offset
      if (flags & 0x02) at += 4; // sample description index
      const defaultDuration = flags & 0x08 ? data.getUint32(at) : (defaults.get(trackId) ?? 0);
      const tfdt = child(bytes, traf, 'tfdt');
      let time = ends.get(trackId) ?? 0;
      if (tfdt) time = data.getUint8(tfdt.start) === 1 ? Number(data.getBigUint64(tfdt.start + 4)) : data.getUint32(tfdt.start + 4);
      for (const trun of children(bytes, traf, 'trun')) {
        const runFlags = data.getUint32(trun.start) & 0xffffff;
        const count = data.getUint32(trun.start + 4);
        let entry = trun.start + 8;
        if (runFlags & 0x01) entry += 4; // data offset
        if (runFlags & 0x04) entry += 4; // first sample flags
        const fields = [0x100, 0x200, 0x400, 0x800].filter((bit) => runFlags & bit).length;
        if (entry + count * fields * 4 > trun.end) throw new RangeError('bad trun');
        for (let i = 0; i < count; i++, entry += fields * 4) time += runFlags & 0x100 ? data.getUint32(entry) : defaultDuration;
      }
      ends.set(trackId, time);
    }
  }
  let longest = 0;
  for (const [trackId, end] of ends) {
    const timescale = timescales.get(trackId);
    if (timescale) longest = Math.max(longest, (end / timescale) * 1000);
  }
  return longest;
}

// ---- Ogg Opus ----

const OPUS_RATE = 48_000;

/** An Ogg stream whose first packet is an Opus header; its length is the last page's granule position, less the pre-skip. */
function readOgg(bytes: Uint8Array): AudioInfo | null {
  const data = view(bytes);
  let at = 0;
  let first = true;
  let preSkip = 0;
  let granule = 0;
  while (at + 27 <= bytes.length && ascii(bytes, at, 4) === 'OggS') {
    const segments = data.getUint8(at + 26);
    if (at + 27 + segments > bytes.length) break;
    let body = 0;
    for (let i = 0; i < segments; i++) body += data.getUint8(at + 27 + i);
    const bodyStart = at + 27 + segments;
    if (bodyStart + body > bytes.length) break;
    if (first) {
      if (ascii(bytes, bodyStart, 8) !== 'OpusHead') return null;
      preSkip = data.getUint16(bodyStart + 10, true);
      first = false;
    }
    const position = data.getBigInt64(at + 6, true);
    // -1: no packet ends on this page.
    if (position >= 0n) granule = Math.max(granule, Number(position));
    at = bodyStart + body;
  }
  if (first) return null;
  return { mime: 'audio/ogg', durationMs: Math.round((Math.max(0, granule - preSkip) / OPUS_RATE) * 1000) };
}
