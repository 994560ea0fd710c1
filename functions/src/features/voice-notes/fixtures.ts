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
