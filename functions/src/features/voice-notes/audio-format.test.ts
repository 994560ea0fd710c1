import { describe, expect, test } from 'vitest';
import { MAX_VOICE_NOTE_MS, VOICE_NOTE_TOLERANCE_MS } from '@sfida/core/voice-notes';
import { sniffAudio, withWebmDuration } from './audio-format';
import { cost, emptyTrackEntries, endlessRun, fixture, lyingMp4, lyingOgg, lyingWebm, opusByteRun, opusMp4 } from './fixtures';

describe('sniffAudio', () => {
  test.each([
    ['live.webm', 'audio/webm', 1500],
    ['chrome.webm', 'audio/webm', 2100],
    ['short.webm', 'audio/webm', 1508],
    ['long.webm', 'audio/webm', 125_000],
    ['short.m4a', 'audio/mp4', 1500],
    ['frag.m4a', 'audio/mp4', 1546],
    ['long.m4a', 'audio/mp4', 125_000],
    ['short.ogg', 'audio/ogg', 1507],
  ])('%s is %s of about %i ms', (name, mime, ms) => {
    const info = sniffAudio(fixture(name));
    expect(info?.mime).toBe(mime);
    // Within a few frames of what ffprobe reports (an AAC track's length counts its priming samples).
    expect(Math.abs(info!.durationMs - ms), `${info?.durationMs} ms`).toBeLessThanOrEqual(150);
  });

  test('the length of a WebM with no Duration comes from the clusters and the last block', () => {
    const live = fixture('live.webm');
    expect(Buffer.from(live).includes(Buffer.from([0x44, 0x89]))).toBe(false);
    // Cut in the middle of the recording: the length is where the file stops, not the whole tone.
    const half = sniffAudio(live.subarray(0, Math.floor(live.length / 2)));
    expect(half?.durationMs).toBeGreaterThan(200);
    expect(half?.durationMs).toBeLessThan(1200);
  });

  test('a Duration element shorter than the blocks does not shorten the recording', () => {
    const long = fixture('long.webm');
    const at = Buffer.from(long).indexOf(Buffer.from([0x44, 0x89]));
    expect(at).toBeGreaterThan(0);
    const forged = new Uint8Array(long);
    const size = forged[at + 2]! & 0x7f;
    const value = new DataView(forged.buffer, at + 3, size);
    if (size === 4) value.setFloat32(0, 1000);
    else value.setFloat64(0, 1000);
    expect(sniffAudio(forged)?.durationMs).toBeGreaterThan(124_000);
  });

  test('what is not audio we accept is null, whatever its name', () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    expect(sniffAudio(png)).toBeNull();
    expect(sniffAudio(new TextEncoder().encode('{"audio": "nota.webm"}'))).toBeNull();
    expect(sniffAudio(new Uint8Array(0))).toBeNull();
    // A video in WebM: the container is right, the track is not sound.
    expect(sniffAudio(fixture('video.webm'))).toBeNull();
    // Headers and nothing after them.
    expect(sniffAudio(fixture('short.webm').subarray(0, 12))).toBeNull();
    expect(sniffAudio(fixture('short.m4a').subarray(0, 40))).toBeNull();
    expect(sniffAudio(Uint8Array.from([...new TextEncoder().encode('OggS'), 0, 2]))).toBeNull();
  });

  test('an Ogg stream of another codec is not a voice note', () => {
    const ogg = fixture('short.ogg');
    const forged = new Uint8Array(ogg);
    const at = Buffer.from(ogg).indexOf(Buffer.from('OpusHead'));
    forged.set(new TextEncoder().encode('VorbHead'), at);
    expect(sniffAudio(forged)).toBeNull();
  });

  test('an MP4 whose track is not sound is refused', () => {
    const m4a = fixture('short.m4a');
    const forged = new Uint8Array(m4a);
    const at = Buffer.from(m4a).indexOf(Buffer.from('soun'));
    forged.set(new TextEncoder().encode('vide'), at);
    expect(sniffAudio(forged)).toBeNull();
  });
});

describe('sniffAudio against forged files', () => {
  test('a fragment whose run claims 2^32 - 1 samples with no data for them is refused at once', () => {
    const forged = endlessRun();
    expect(forged.length).toBe(4452);
    const { result, cpuMs } = cost(() => sniffAudio(forged));
    expect(result).toBeNull();
    expect(cpuMs).toBeLessThan(100);
  });

  test('5 MB of empty TrackEntry elements cost little heap and are refused', () => {
    const forged = emptyTrackEntries();
    const { result, cpuMs, heapBytes } = cost(() => sniffAudio(forged));
    expect(result).toBeNull();
    expect(cpuMs).toBeLessThan(500);
    // The file itself is 5 MB: reading it may not take several times that.
    expect(heapBytes).toBeLessThan(16 * 1024 * 1024);
  });

  test.each([
    ['MP4 whose mvhd and mdhd say 1.25 s', () => lyingMp4(100, 'durations')],
    ['MP4 whose mvhd and mdhd say 0.125 s', () => lyingMp4(1000, 'durations')],
    ['MP4 whose mvhd and mdhd timescales make it 1.25 s', () => lyingMp4(100, 'timescales')],
    ['WebM whose TimecodeScale makes it 1.25 s', () => lyingWebm(100)],
    ['WebM whose TimecodeScale makes it 0.125 s', () => lyingWebm(1000)],
  ])('125 s in a %s are still 125 s: the cap holds', (_, forge) => {
    const info = sniffAudio(forge());
    expect(info?.durationMs).toBeGreaterThan(MAX_VOICE_NOTE_MS);
    expect(Math.abs(info!.durationMs - 125_000), `${info?.durationMs} ms`).toBeLessThanOrEqual(500);
  });

  test('an Ogg\'s pre-skip shortens it by an encoder\'s look-ahead at most: 1.37 s claimed cannot hide 122.5 s under the cap', () => {
    const honest = sniffAudio(lyingOgg(10, 312));
    expect(honest?.durationMs).toBe(Math.round(10_000 - (312 / 48_000) * 1000));
    const info = sniffAudio(lyingOgg(122.5, 65_535));
    expect(info?.durationMs).toBeGreaterThan(MAX_VOICE_NOTE_MS + VOICE_NOTE_TOLERANCE_MS);
  });
});

describe('sniffAudio on Opus in MP4', () => {
  const layouts = [
    ['fragmented, counted from its moof', { layout: 'fragmented', base: 'moof' }],
    ['fragmented, with a base data offset', { layout: 'fragmented', base: 'offset' }],
    ['not fragmented', { layout: 'file' }],
  ] as const;

  test.each(layouts)('the packets of short.ogg in an MP4 (%s) play as long as in the Ogg', (_, options) => {
    const ogg = sniffAudio(fixture('short.ogg'))!;
    const info = sniffAudio(opusMp4(options));
    expect(info?.mime).toBe('audio/mp4');
    // The Ogg's length leaves out its pre-skip (312 samples, 6.5 ms); the MP4's counts every packet.
    expect(Math.abs(info!.durationMs - ogg.durationMs), `${info?.durationMs} ms`).toBeLessThanOrEqual(10);
  });

  test.each(layouts)('125 s of Opus in an MP4 (%s) whose timescale and sample durations say 15.6 s are still 125 s', (_, options) => {
    // 6,250 packets of 20 ms, each declared 240 units of a 96 kHz timescale (2.5 ms): the shortest an Opus packet plays.
    const forged = opusMp4({ ...options, samples: 6250, timescale: 96_000, sampleDuration: 240 });
    const info = sniffAudio(forged);
    expect(info?.durationMs).toBeGreaterThan(MAX_VOICE_NOTE_MS);
    expect(Math.abs(info!.durationMs - 125_000), `${info?.durationMs} ms`).toBeLessThanOrEqual(50);
  });

  test('a sample outside the file is refused: what it plays cannot be read', () => {
    const file = opusMp4({ layout: 'file' });
    const stco = Buffer.from(file).lastIndexOf('stco');
    // stco: version and flags, an entry count, then the first chunk's offset.
    new DataView(file.buffer).setUint32(stco + 4 + 8, file.length);
    expect(sniffAudio(file)).toBeNull();

    const fragmented = opusMp4({ layout: 'fragmented' });
    const trun = Buffer.from(fragmented).lastIndexOf('trun');
    // trun: version and flags, a sample count, then the data offset.
    new DataView(fragmented.buffer).setInt32(trun + 4 + 8, fragmented.length);
    expect(sniffAudio(fragmented)).toBeNull();
  });

  test('5 MB of one-byte Opus samples, each read, cost little and are far too long', () => {
    const forged = opusByteRun();
    const { result, cpuMs, heapBytes } = cost(() => sniffAudio(forged));
    // Some 5 million packets of 20 ms.
    expect(result?.durationMs).toBeGreaterThan(100_000_000);
    expect(cpuMs).toBeLessThan(500);
    expect(heapBytes).toBeLessThan(16 * 1024 * 1024);
  });

  test('a fragment whose data follows that of a track the moov does not declare is refused: where it starts is unknown', () => {
    // Read from anywhere else, 20 ms packets could be 2.5 ms ones that a forger wrote there.
    const forged = opusMp4({ layout: 'fragmented', base: 'another track', samples: 6250, timescale: 96_000, sampleDuration: 240 });
    expect(sniffAudio(forged)).toBeNull();
  });
});

describe('withWebmDuration', () => {
  const DURATION = Buffer.from([0x44, 0x89]);

  test('writes the length into the Info of a MediaRecorder WebM, which then reads the same', () => {
    const chrome = fixture('chrome.webm');
    expect(Buffer.from(chrome).includes(DURATION)).toBe(false);
    const { durationMs } = sniffAudio(chrome)!;
    const fixed = withWebmDuration(chrome, durationMs);
    expect(fixed.length).toBe(chrome.length + 11 + 7);
    expect(Buffer.from(fixed).includes(DURATION)).toBe(true);
    expect(sniffAudio(fixed)).toEqual({ mime: 'audio/webm', durationMs });
    // The rest is untouched: the tracks and clusters follow as they were.
    expect(Buffer.from(fixed.subarray(fixed.length - 1000)).equals(Buffer.from(chrome.subarray(chrome.length - 1000)))).toBe(true);
    // Twice is once.
    expect(withWebmDuration(fixed, durationMs)).toBe(fixed);
  });

  test('leaves alone a file with a Duration, with a SeekHead (offsets), or not WebM', () => {
    for (const name of ['short.webm', 'live.webm', 'short.m4a', 'short.ogg']) {
      const bytes = fixture(name);
      expect(withWebmDuration(bytes, 1500), name).toBe(bytes);
    }
  });
});
