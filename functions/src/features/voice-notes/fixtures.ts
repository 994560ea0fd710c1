import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// Small real recordings made with ffmpeg, for the sniffer's and the API's tests (fixtures/):
//   live.webm   a 1.5 s tone, Opus in WebM written to a pipe as MediaRecorder writes it: no Duration
//               element, segment and clusters of unknown size
//   short.webm  the same written to a file: with a Duration
//   chrome.webm about 2 s recorded by Chrome's MediaRecorder from its fake microphone: no SeekHead, no Duration
//   long.webm   125 s of silence, Opus in WebM
//   short.m4a   the tone in AAC in MP4; frag.m4a the same fragmented (empty moov), as MediaRecorder writes it
//   long.m4a    125 s of AAC in MP4
//   short.ogg   the tone in Opus in Ogg
//   video.webm  a one-second VP8 video, no sound

/** The bytes of fixtures/`name`. */
export function fixture(name: string): Uint8Array {
  return new Uint8Array(readFileSync(join(import.meta.dirname, 'fixtures', name)));
}

// Files forged from those, as an attacker would send them.

/** frag.m4a plus a fragment whose run claims `count` samples (2^32 - 1: 4,452 bytes) and describes none of them. */
export function endlessRun(count = 0xffffffff): Uint8Array {
  // tfhd: version 0, no flags, track 1; trun: version 0, no flags, `count` samples.
  const moof = box('moof', box('traf', box('tfhd', words(0, 1)), box('trun', words(0, count))));
  return concat(fixture('frag.m4a'), moof);
}

/** The OpusHead and the audio packets (after the two header packets) of short.ogg: 76 real packets of 20 ms. */
export function oggOpusPackets(): { head: Uint8Array; packets: Uint8Array[] } {
  const ogg = fixture('short.ogg');
  const packets: Uint8Array[] = [];
  let segments: Uint8Array[] = [];
  for (let at = 0; at + 27 <= ogg.length; ) {
    const count = ogg[at + 26]!;
    let body = at + 27 + count;
    for (let i = 0; i < count; i++) {
      const length = ogg[at + 27 + i]!;
      segments.push(ogg.subarray(body, body + length));
      body += length;
      // A packet ends with a segment under 255 bytes; it may go on across pages.
      if (length < 255) {
        packets.push(concat(...segments));
        segments = [];
      }
    }
    at = body;
  }
  return { head: packets[0]!, packets: packets.slice(2) };
}

interface OpusMp4Options {
  /** As MediaRecorder writes it (an empty sample table, then a moof and an mdat per 50 samples), or as a file (stsz, stsc, stco, the mdat before the moov). */
  layout: 'fragmented' | 'file';
  /** How many samples: short.ogg's packets in turn, over again when there are more. */
  samples?: number;
  /** What mvhd and mdhd say a second is, and what they and the samples (stts, trex, tfhd) say each sample lasts in it. */
  timescale?: number;
  sampleDuration?: number;
  /**
   * Fragmented only: where a fragment's data offsets count from, its moof (default-base-is-moof),
   * a base data offset in tfhd, or (no offset at all) the end of the data of a track fragment
   * before it, of a track 2 that the moov does not declare, whose one sample is a byte.
   */
  base?: 'moof' | 'offset' | 'another track';
}

/** short.ogg's Opus packets in an MP4, one a sample, honest by default (20 ms, 960 units at 48 kHz). */
export function opusMp4({ layout, samples, timescale = 48_000, sampleDuration = 960, base = 'moof' }: OpusMp4Options): Uint8Array {
  const { head, packets: source } = oggOpusPackets();
  const packets = Array.from({ length: samples ?? source.length }, (_, i) => source[i % source.length]!);
  const duration = packets.length * sampleDuration;
  const ftyp = box('ftyp', ascii('isom'), words(0x200), ascii('isomiso6mp41'));
  const heads = head.subarray(8);
  const headData = new DataView(heads.buffer, heads.byteOffset, heads.byteLength);
  // dOps: OpusHead's fields after its version, big-endian where Ogg's are little-endian.
  const dOps = new Uint8Array(11);
  const dOpsData = new DataView(dOps.buffer);
  dOps.set([0, heads[1]!]);
  dOpsData.setUint16(2, headData.getUint16(2, true));
  dOpsData.setUint32(4, headData.getUint32(4, true));
  dOpsData.setInt16(8, headData.getInt16(8, true));
  dOps[10] = heads[10]!;
  // An audio sample entry: reserved, data reference 1, reserved, 1 channel of 16 bits, 48 kHz (16.16).
  const opus = box('Opus', new Uint8Array(6), half(1), new Uint8Array(8), half(heads[1]!), half(16), new Uint8Array(4), words(48_000 * 65536), box('dOps', dOps));
  const fragmented = layout === 'fragmented';
  const chunks = Array.from({ length: Math.ceil(packets.length / 50) }, (_, i) => packets.slice(i * 50, i * 50 + 50));
  const stbl = (chunkOffsets: number[]) =>
    box(
      'stbl',
      box('stsd', words(0, 1), opus),
      box('stts', fragmented ? words(0, 0) : words(0, 1, packets.length, sampleDuration)),
      box('stsc', fragmented ? words(0, 0) : words(0, chunks.length, ...chunks.flatMap((chunk, i) => [i + 1, chunk.length, 1]))),
      box('stsz', fragmented ? words(0, 0, 0) : words(0, 0, packets.length, ...packets.map((packet) => packet.length))),
      box('stco', words(0, chunkOffsets.length, ...chunkOffsets)),
    );
  const moov = (chunkOffsets: number[]) =>
    box(
      'moov',
      // mvhd: dates, timescale, duration, rate 1.0, volume 1.0, reserved, a matrix, pre-defined, the next track.
      box('mvhd', words(0, 0, 0, timescale, duration, 0x10000), half(0x100), new Uint8Array(10), MATRIX, new Uint8Array(24), words(2)),
      box(
        'trak',
        // tkhd: enabled and in the movie, track 1, its duration, volume 1.0, a matrix, no size.
        box('tkhd', words(3, 0, 0, 1, 0, duration, 0, 0, 0), half(0x100), half(0), MATRIX, words(0, 0)),
        box(
          'mdia',
          box('mdhd', words(0, 0, 0, timescale, duration), half(0x55c4), half(0)),
          box('hdlr', words(0, 0), ascii('soun'), new Uint8Array(12), ascii('Sound\0')),
          box('minf', box('smhd', words(0, 0)), stbl(chunkOffsets)),
        ),
      ),
      ...(fragmented ? [box('mvex', box('trex', words(0, 1, 1, sampleDuration, 0, 0)))] : []),
    );
  if (!fragmented) {
    // The mdat first, so the chunks' offsets are known before the moov that holds them.
    const mdat = box('mdat', ...packets);
    const offsets = chunks.map((_, i) => ftyp.length + 8 + packets.slice(0, i * 50).reduce((sum, packet) => sum + packet.length, 0));
    return concat(ftyp, mdat, moov(offsets));
  }
  const parts = [ftyp, moov([])];
  let at = parts[0]!.length + parts[1]!.length;
  chunks.forEach((chunk, i) => {
    const sizes = chunk.map((packet) => packet.length);
    const tfdt = box('tfdt', words(0x01000000, 0, i * 50 * sampleDuration));
    const moof = (dataOffset: number) => {
      const mfhd = box('mfhd', words(0, i + 1));
      if (base === 'another track') {
        // Track 2: default-base-is-moof, a default size of 1, one sample at the data offset. Track 1: no offset, each sample's size.
        const other = box('traf', box('tfhd', words(0x020010, 2, 1)), box('trun', words(0x000001, 1, dataOffset)));
        return box('moof', mfhd, other, box('traf', box('tfhd', words(0x000008, 1, sampleDuration)), tfdt, box('trun', words(0x000200, chunk.length, ...sizes))));
      }
      // tfhd: default duration, and the data counted from the moof or from a base offset (here the moof's own position).
      const tfhd = base === 'moof' ? box('tfhd', words(0x020008, 1, sampleDuration)) : box('tfhd', words(0x000009, 1, 0, at, sampleDuration));
      // trun: a data offset and each sample's size.
      return box('moof', mfhd, box('traf', tfhd, tfdt, box('trun', words(0x000201, chunk.length, dataOffset, ...sizes))));
    };
    // The data follows the moof and the mdat's header.
    const size = moof(0).length;
    parts.push(moof(size + 8), box('mdat', ...(base === 'another track' ? [Uint8Array.of(0)] : []), ...chunk));
    at += parts.at(-2)!.length + parts.at(-1)!.length;
  });
  return concat(...parts);
}

/**
 * A fragmented Opus MP4 with one run of a sample a byte filling `size` bytes: the most samples a
 * file can hold, each of which the sniff reads.
 */
export function opusByteRun(size = 5 * 1024 * 1024): Uint8Array {
  const head = opusMp4({ layout: 'fragmented', samples: 0 });
  // tfhd: default-base-is-moof, default duration 960 and size 1; trun: a data offset, `count` samples.
  const moof = (count: number, dataOffset: number) =>
    box('moof', box('mfhd', words(0, 1)), box('traf', box('tfhd', words(0x020018, 1, 960, 1)), box('trun', words(0x000001, count, dataOffset))));
  const count = size - head.length - moof(0, 0).length - 8;
  // Each byte a TOC of one 20 ms CELT frame.
  return concat(head, moof(count, moof(0, 0).length + 8), box('mdat', new Uint8Array(count).fill(0xf8)));
}

/**
 * `seconds` of short.ogg's 20 ms packets in an Ogg stream whose OpusHead claims a pre-skip of
 * `preSkip` samples (at most 65,535: 1.37 s) and whose pages give no granule position (-1).
 */
export function lyingOgg(seconds: number, preSkip: number): Uint8Array {
  const { head, packets } = oggOpusPackets();
  const forgedHead = new Uint8Array(head);
  new DataView(forgedHead.buffer).setUint16(10, preSkip, true);
  const audio = Array.from({ length: Math.round(seconds * 50) }, (_, i) => packets[i % packets.length]!);
  const pages: Uint8Array[] = [];
  let lacing: number[] = [];
  let body: Uint8Array[] = [];
  const flush = (granule: bigint) => {
    const header = new Uint8Array(27);
    const data = new DataView(header.buffer);
    header.set(ascii('OggS'));
    data.setBigInt64(6, granule, true);
    data.setUint32(14, 0x5f1da, true);
    data.setUint32(18, pages.length, true);
    header[26] = lacing.length;
    pages.push(concat(header, Uint8Array.from(lacing), ...body));
    lacing = [];
    body = [];
  };
  for (const [i, packet] of [forgedHead, concat(ascii('OpusTags'), new Uint8Array(8)), ...audio].entries()) {
    const segments = [...Array(Math.floor(packet.length / 255)).fill(255), packet.length % 255];
    if (lacing.length + segments.length > 255) flush(-1n);
    lacing.push(...segments);
    body.push(packet);
    // Each header packet on a page of its own, as RFC 7845 lays them out.
    if (i < 2) flush(0n);
  }
  if (lacing.length > 0) flush(-1n);
  return concat(...pages);
}

/** A box of `type` holding `content`. */
function box(type: string, ...content: Uint8Array[]): Uint8Array {
  const header = new Uint8Array(8);
  new DataView(header.buffer).setUint32(0, 8 + content.reduce((sum, part) => sum + part.length, 0));
  header.set(ascii(type), 4);
  return concat(header, ...content);
}

/** Big-endian 32-bit words. */
function words(...values: number[]): Uint8Array {
  const out = new Uint8Array(values.length * 4);
  values.forEach((value, i) => new DataView(out.buffer).setUint32(i * 4, value));
  return out;
}

function half(value: number): Uint8Array {
  return Uint8Array.from([value >> 8, value & 0xff]);
}

function ascii(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

/** The identity matrix of mvhd and tkhd (16.16 and 2.30 fixed point). */
const MATRIX = words(0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000);

/** A WebM header followed by empty TrackEntry elements (`AE 80`) up to `size` bytes. */
export function emptyTrackEntries(size = 5 * 1024 * 1024): Uint8Array {
  const webm = fixture('short.webm');
  // The EBML header: its id (4 bytes), a one-byte size, then its content.
  const header = webm.subarray(0, 5 + (webm[4]! & 0x7f));
  const out = new Uint8Array(size);
  out.set(header);
  for (let at = header.length; at + 1 < size; at += 2) out.set([0xae, 0x80], at);
  return out;
}

/** long.m4a (125 s) with its movie and track headers patched to say 125 s / `factor`; `timescales` patches the units instead of the counts. */
export function lyingMp4(factor: number, what: 'durations' | 'timescales'): Uint8Array {
  const bytes = new Uint8Array(fixture('long.m4a'));
  const data = new DataView(bytes.buffer);
  for (const type of ['mvhd', 'mdhd']) {
    // Version 0: the box's type, 4 bytes of version and flags, two dates, then timescale and duration.
    const at = Buffer.from(bytes).indexOf(type) + 4 + 4 + 8;
    if (what === 'durations') data.setUint32(at + 4, Math.round(data.getUint32(at + 4) / factor));
    else data.setUint32(at, data.getUint32(at) * factor);
  }
  return bytes;
}

/** long.webm (125 s) with a TimecodeScale `factor` times smaller: its blocks and its Duration then say 125 s / `factor`. */
export function lyingWebm(factor: number): Uint8Array {
  const bytes = new Uint8Array(fixture('long.webm'));
  // TimecodeScale (2A D7 B1), a 3-byte size (0x83), 1,000,000 ns per tick.
  const at = Buffer.from(bytes).indexOf(Buffer.from([0x2a, 0xd7, 0xb1, 0x83])) + 4;
  const scale = 1_000_000 / factor;
  bytes.set([scale >> 16, (scale >> 8) & 0xff, scale & 0xff], at);
  return bytes;
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * What `read` cost this thread: CPU time (its own, so other workers and a loaded machine do not
 * count) and how much the heap grew while it ran.
 */
export function cost<T>(read: () => T): { result: T; cpuMs: number; heapBytes: number } {
  const heap = process.memoryUsage().heapUsed;
  const cpu = process.threadCpuUsage();
  const result = read();
  const used = process.threadCpuUsage(cpu);
  return { result, cpuMs: (used.user + used.system) / 1000, heapBytes: process.memoryUsage().heapUsed - heap };
}
