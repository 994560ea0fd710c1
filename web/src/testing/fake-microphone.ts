import { vi } from 'vitest';

/*
 * The browser's microphone and MediaRecorder, which jsdom has not: a stand-in records what the
 * component asks of it and, when stopped, hands back a recording of `bytes` (by default the start
 * of a WebM file; the server, not the page, checks what they are).
 */

export class FakeRecorder {
  /** The types the fake browser records into (MediaRecorder.isTypeSupported). */
  static supported = ['audio/webm;codecs=opus', 'audio/webm'];
  static made: FakeRecorder[] = [];
  static bytes = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3]);
  static isTypeSupported(type: string) {
    return FakeRecorder.supported.includes(type);
  }
  state: 'inactive' | 'recording' = 'inactive';
  mimeType: string;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  constructor(
    readonly stream: MediaStream,
    options?: { mimeType?: string },
  ) {
    this.mimeType = options?.mimeType ?? '';
    FakeRecorder.made.push(this);
  }
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob([FakeRecorder.bytes], { type: this.mimeType }) });
    this.onstop?.();
  }
}

/** Installs the fake microphone (allowed unless a test makes getUserMedia reject); `stopTrack` hears the microphone turned off. */
export function installFakeMicrophone() {
  FakeRecorder.made = [];
  FakeRecorder.supported = ['audio/webm;codecs=opus', 'audio/webm'];
  const stopTrack = vi.fn();
  const getUserMedia = vi.fn(async (_constraints: MediaStreamConstraints) => ({ getTracks: () => [{ stop: stopTrack }] }) as unknown as MediaStream);
  vi.stubGlobal('MediaRecorder', FakeRecorder);
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  URL.createObjectURL = vi.fn(() => 'blob:registrazione');
  URL.revokeObjectURL = vi.fn();
  return { getUserMedia, stopTrack };
}
