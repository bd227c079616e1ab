/**
 * The input bar (docs/requirements.md#assistant-input): a textarea of 1 to 4
 * rows (Enter sends, Shift+Enter breaks the line), several files as removable chips, one voice note at a
 * time with its seconds counter, and the send button. After a send the bar is emptied; if the send fails,
 * what the visitor had written, picked or recorded comes back.
 *
 * Nothing is cut without a word (docs/requirements.md#assistant-input): a text over 4,000 characters is
 * kept and said too long (sending waits until it is shortened); a file of a refused type or size, or past
 * the fifth, is not joined, and the bar says which and why before anything is sent.
 * One notice at a time (a refused microphone, files not joined), the latest: the visitor closes it, and
 * it leaves with the next send.
 */
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent, type Ref } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { draftProblems } from '../../core/assistant/chat.ts';
import { ASSISTANT } from '../../core/assistant/constants.ts';
import { fileProblem } from '../../core/assistant/uploads.ts';
import { canSend, loading, sendMessage, type Submission } from './conversation.ts';
import type { Recording, VoiceNote } from './recorder.ts';
import { texts } from './texts.ts';

export function InputBar({ inputRef }: { inputRef: Ref<HTMLTextAreaElement> }) {
  useSignals();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [voice, setVoice] = useState<VoiceNote | undefined>();
  const [recording, setRecording] = useState<Recording | undefined>();
  const [seconds, setSeconds] = useState(0);
  /** The bar's one notice, line by line: a refused microphone, or why picked files were not joined. */
  const [notice, setNotice] = useState<string[]>([]);
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  const filePicker = useRef<HTMLInputElement>(null);
  const busy = loading.value;
  const submission: Submission = { text, files, ...(voice ? { voice } : {}) };
  const { textOver } = draftProblems(text);

  /** Joins what can be sent, at most five files in all; says why the others are not joined. */
  const pickFiles = (picked: File[]) => {
    const reasons: string[] = [];
    const accepted: File[] = [];
    for (const file of picked) {
      const problem = fileProblem(file);
      if (problem === 'type') reasons.push(texts.fileTypeRefused(file.name));
      else if (problem === 'size') reasons.push(texts.fileTooBig(file.name));
      else if (problem === 'empty') reasons.push(texts.fileEmpty(file.name));
      else accepted.push(file);
    }
    const room = Math.max(0, ASSISTANT.maxFiles - files.length);
    const left = accepted.slice(room).map((file) => file.name);
    if (left.length) reasons.push(texts.tooManyFiles(left));
    setFiles([...files, ...accepted.slice(0, room)]);
    setNotice(reasons);
  };

  // 1 to 4 rows: as many as the text needs.
  useLayoutEffect(() => {
    const element = textarea.current;
    if (!element) return;
    element.rows = ASSISTANT.textareaMinRows;
    const style = getComputedStyle(element);
    const line = parseFloat(style.lineHeight) || 24;
    const padding = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
    const needed = Math.round((element.scrollHeight - padding) / line);
    element.rows = Math.min(ASSISTANT.textareaMaxRows, Math.max(ASSISTANT.textareaMinRows, needed));
  }, [text]);

  // The elapsed-seconds counter of a recording.
  useEffect(() => {
    if (!recording) return;
    const timer = setInterval(() => setSeconds((value) => value + 1), 1000);
    return () => {
      clearInterval(timer);
      setSeconds(0);
    };
  }, [recording]);

  // A recording in progress stops with the drawer's code (page left or widget removed).
  useEffect(() => () => recording?.cancel(), [recording]);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend(submission) || recording) return;
    const sent = submission;
    setText('');
    setFiles([]);
    setVoice(undefined);
    setNotice([]);
    const ok = await sendMessage(sent);
    if (!ok) {
      // Nothing the visitor typed is lost: it comes back unless they have started something new.
      setText((value) => value || sent.text);
      setFiles((value) => (value.length ? value : sent.files));
      setVoice((value) => value ?? sent.voice);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  const toggleRecording = async () => {
    if (recording) {
      setRecording(undefined);
      setVoice(await recording.stop());
      return;
    }
    setNotice([]);
    try {
      // The recorder loads with the first press: most visitors never record a voice note.
      const { startRecording } = await import('./recorder.ts');
      setRecording(await startRecording());
    } catch (error) {
      console.warn('Enregistrement impossible :', error);
      setNotice([`${texts.microphoneError} ${texts.microphoneFallback}`]);
      textarea.current?.focus();
    }
  };

  return (
    <form className="assistant-input" onSubmit={submit}>
      {notice.length ? (
        <div className="assistant-input__alert assistant-input__notice">
          <ul role="alert">
            {notice.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <button
            type="button"
            className="assistant-chip__remove"
            aria-label={texts.dismissNotice}
            onClick={() => {
              setNotice([]);
              textarea.current?.focus();
            }}
          >
            ×
          </button>
        </div>
      ) : null}
      {textOver ? (
        <p className="assistant-input__alert" role="status">
          {texts.textTooLong(textOver)}
        </p>
      ) : null}
      {files.length || voice ? (
        <ul className="assistant-chips" aria-label={texts.pendingFiles}>
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`} className="assistant-chip">
              <span className="assistant-chip__name" title={file.name}>
                {file.name}
              </span>
              <button
                type="button"
                className="assistant-chip__remove"
                aria-label={texts.removeFile(file.name)}
                onClick={() => {
                  setFiles(files.filter((_, i) => i !== index));
                  setNotice([]);
                }}
              >
                ×
              </button>
            </li>
          ))}
          {voice ? (
            <li className="assistant-chip assistant-chip--voice">
              <span className="assistant-chip__name">
                <span className="assistant-sr">{texts.voiceNote} </span>
                {texts.voiceChip}
              </span>
              <button
                type="button"
                className="assistant-chip__remove"
                aria-label={texts.removeVoice}
                onClick={() => setVoice(undefined)}
              >
                ×
              </button>
            </li>
          ) : null}
        </ul>
      ) : null}
      <div className="assistant-input__row">
        <textarea
          ref={(element) => {
            textarea.current = element;
            assignRef(inputRef, element);
          }}
          className="assistant-input__text"
          rows={ASSISTANT.textareaMinRows}
          value={text}
          placeholder={texts.placeholder}
          aria-label={texts.inputLabel}
          aria-invalid={textOver ? true : undefined}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <div className="assistant-input__actions">
          <input
            ref={filePicker}
            type="file"
            multiple
            hidden
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event) => {
              pickFiles([...(event.target.files ?? [])]);
              event.target.value = '';
            }}
          />
          <button
            type="button"
            className="assistant-icon-button"
            aria-label={texts.attach}
            onClick={() => filePicker.current?.click()}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="m21.4 11.6-9.2 9.2a6 6 0 0 1-8.5-8.5l9.2-9.2a4 4 0 0 1 5.7 5.7l-9.2 9.2a2 2 0 0 1-2.8-2.8l8.5-8.5" />
            </svg>
          </button>
          <button
            type="button"
            className="assistant-icon-button assistant-record"
            aria-label={recording ? texts.stopRecording : texts.record}
            aria-pressed={Boolean(recording)}
            disabled={!recording && (Boolean(voice) || busy)}
            onClick={() => void toggleRecording()}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              {recording ? (
                <rect x="6" y="6" width="12" height="12" rx="2" />
              ) : (
                <path d="M12 2a3 3 0 0 0-3 3v7a3 3 0 0 0 6 0V5a3 3 0 0 0-3-3ZM19 10v2a7 7 0 0 1-14 0v-2M12 19v3" />
              )}
            </svg>
            {recording ? (
              <span className="assistant-record__seconds" role="timer" aria-label={texts.recordingSeconds(seconds)}>
                {seconds}
                {'\u00A0'}s
              </span>
            ) : null}
          </button>
          <button
            type="submit"
            className="assistant-send"
            aria-label={texts.send}
            disabled={!canSend(submission) || Boolean(recording)}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M22 2 11 13M22 2l-7 20-4-9-9-4Z" />
            </svg>
          </button>
        </div>
      </div>
    </form>
  );
}

/** Hands the textarea to the drawer's ref as well as keeping it here. */
function assignRef<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) (ref as { current: T | null }).current = value;
}
