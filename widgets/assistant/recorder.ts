/**
 * Voice notes (docs/requirements.md#assistant-input): one recording at a time with MediaRecorder, in webm.
 * Any refusal or missing support (microphone denied, no device, insecure page) is a MicrophoneError.
 */
export class MicrophoneError extends Error {}

export interface VoiceNote {
  blob: Blob;
  /** Seconds, at least 1. */
  duration: number;
}

export interface Recording {
  stop(): Promise<VoiceNote>;
  cancel(): void;
}

export async function startRecording(): Promise<Recording> {
  if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined')
    throw new MicrophoneError('Enregistrement non pris en charge');
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  } catch (error) {
    throw new MicrophoneError(String(error));
  }
  const mimeType = MediaRecorder.isTypeSupported('audio/webm;codecs=opus') ? 'audio/webm;codecs=opus' : 'audio/webm';
  const recorder = new MediaRecorder(stream, { mimeType });
  const chunks: Blob[] = [];
  const started = performance.now();
  const release = () => stream.getTracks().forEach((track) => track.stop());
  recorder.addEventListener('dataavailable', (event) => event.data.size && chunks.push(event.data));
  recorder.start();
  return {
    stop: () =>
      new Promise<VoiceNote>((resolve) => {
        recorder.addEventListener(
          'stop',
          () => {
            release();
            resolve({
              blob: new Blob(chunks, { type: 'audio/webm' }),
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
