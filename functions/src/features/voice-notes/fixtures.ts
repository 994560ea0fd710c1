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
  const box = (type: string, ...content: Uint8Array[]) => {
    const header = new Uint8Array(8);
    new DataView(header.buffer).setUint32(0, 8 + content.reduce((sum, part) => sum + part.length, 0));
    header.set(new TextEncoder().encode(type), 4);
    return concat(header, ...content);
  };
  const words = (...values: number[]) => {
    const out = new Uint8Array(values.length * 4);
    values.forEach((value, i) => new DataView(out.buffer).setUint32(i * 4, value));
    return out;
  };
  // tfhd: version 0, no flags, track 1; trun: version 0, no flags, `count` samples.
  const moof = box('moof', box('traf', box('tfhd', words(0, 1)), box('trun', words(0, count))));
  return concat(fixture('frag.m4a'), moof);
}

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
