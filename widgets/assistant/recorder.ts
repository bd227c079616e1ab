/**
 * Voice notes (docs/requirements.md#assistant-input): one recording at a time with MediaRecorder, in a type the
 * browser can record (webm where it can, audio/mp4 in Safari). Any refusal or missing support (microphone
 * denied, no device, insecure page, no type the browser records) is a MicrophoneError, and the microphone
 * is released: it never stays on after a failure.
 */
class MicrophoneError extends Error {}

export interface VoiceNote {
  /** Typed as recorded (audio/webm or audio/mp4): the storage keeps that type. */
  blob: Blob;
  /** Seconds, at least 1. */
  duration: number;
}

export interface Recording {
  stop(): Promise<VoiceNote>;
  cancel(): void;
}

/** In order of preference; each is a type the storage accepts (core/assistant/uploads.ts). */
const RECORDING_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4', 'audio/ogg;codecs=opus'] as const;

/** The first type this browser records, or undefined. */
export function recordingType(supports: (type: string) => boolean): string | undefined {
  return RECORDING_TYPES.find((type) => {
    try {
      return supports(type);
    } catch {
      return false;
    }
  });
}

export async function startRecording(): Promise<Recording> {
  if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined')
    throw new MicrophoneError('Enregistrement non pris en charge');
  // Chosen before the microphone is asked for: a browser that records none of them never opens it.
  const mimeType = recordingType((type) => MediaRecorder.isTypeSupported(type));
  if (!mimeType) throw new MicrophoneError('Aucun format audio enregistrable');
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  } catch (error) {
    throw new MicrophoneError(String(error));
  }
  const release = () => stream.getTracks().forEach((track) => track.stop());
  let recorder: MediaRecorder;
  try {
    recorder = new MediaRecorder(stream, { mimeType });
    recorder.start();
  } catch (error) {
    release();
    throw new MicrophoneError(String(error));
  }
  const chunks: Blob[] = [];
  const started = performance.now();
  // The blob's type without its codecs: what the storage and the player read.
  const type = mimeType.split(';')[0]!;
  recorder.addEventListener('dataavailable', (event) => event.data.size && chunks.push(event.data));
  // A recorder that fails midway (device unplugged) lets the microphone go too.
  recorder.addEventListener('error', release);
  return {
    stop: () =>
      new Promise<VoiceNote>((resolve) => {
        recorder.addEventListener(
          'stop',
          () => {
            release();
            resolve({
              blob: new Blob(chunks, { type }),
              duration: Math.max(1, Math.round((performance.now() - started) / 1000)),
            });
          },
          { once: true },
        );
        recorder.stop();
      }),
    cancel: () => {
      if (recorder.state !== 'inactive') recorder.stop();
      release();
    },
  };
}
