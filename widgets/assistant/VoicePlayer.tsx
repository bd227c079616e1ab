/** A voice message bubble (docs/requirements.md#assistant-voice): play/pause, progress in percent, reset on end. */
import { useRef, useState } from 'react';
import { texts } from './texts.ts';

export function VoicePlayer({ url, duration }: { url: string; duration: number }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [progress, setProgress] = useState(0);

  const toggle = () => {
    const element = audio.current;
    if (!element) return;
    if (element.paused)
      element.play().then(
        () => setPlaying(true),
        () => setPlaying(false),
      );
    else element.pause();
  };
  const onTime = () => {
    const element = audio.current!;
    // A recorded webm may not know its length before it is read to the end: the message's own duration then.
    const total = Number.isFinite(element.duration) && element.duration > 0 ? element.duration : duration;
    setProgress(total > 0 ? Math.min(100, Math.round((element.currentTime / total) * 100)) : 0);
  };
  const onEnded = () => {
    setPlaying(false);
    setProgress(0);
    if (audio.current) audio.current.currentTime = 0;
  };

  return (
    <div className="assistant-voice">
      <button
        type="button"
        className="assistant-voice__toggle"
        aria-label={playing ? texts.pause : texts.play}
        onClick={toggle}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          {playing ? <path d="M7 5h4v14H7zM13 5h4v14h-4z" /> : <path d="M8 5v14l11-7z" />}
        </svg>
      </button>
      <progress className="assistant-voice__bar" max={100} value={progress} aria-label={texts.progress} />
      <span className="assistant-voice__percent">
        {progress}
        {'\u202F'}%
      </span>
      <audio
        ref={audio}
        src={url}
        preload="metadata"
        onTimeUpdate={onTime}
        onEnded={onEnded}
        onPause={() => setPlaying(false)}
        onPlay={() => setPlaying(true)}
      />
    </div>
  );
}
