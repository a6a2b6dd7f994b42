import { useEffect, useRef, useState } from 'react';
import { t } from '../../i18n/index.ts';
import { shrinkPhoto, type ShrunkPhoto } from '../../lib/photo.ts';
import { uploadImage, type UploadJob } from '../../api/upload.ts';

type State =
  | { step: 'empty' }
  | { step: 'shrinking' }
  | { step: 'uploading'; photo: ShrunkPhoto; share: number }
  | { step: 'failed'; photo: ShrunkPhoto | null; reason: string }
  | { step: 'done'; photo: ShrunkPhoto };

interface Props {
  label: string;
  /** The stored name of the uploaded image, or '' while there is none; the submit waits for it. */
  onUploaded: (name: string) => void;
}

/**
 * A proof of payment or a payment QR code: take or pick a photo, shrink it on the phone, upload it with a progress bar.
 * A failed upload keeps the shrunk photo for the retry button; a new pick replaces it.
 */
export function PhotoUpload({ label, onUploaded }: Props) {
  const [state, setState] = useState<State>({ step: 'empty' });
  const [preview, setPreview] = useState('');
  const job = useRef<UploadJob | null>(null);

  useEffect(() => () => job.current?.abort(), []);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const send = (photo: ShrunkPhoto) => {
    job.current?.abort();
    setState({ step: 'uploading', photo, share: 0 });
    const j = uploadImage(photo.blob, 'proof.jpg', (share) => setState({ step: 'uploading', photo, share }));
    job.current = j;
    j.done.then(
      (up) => {
        setState({ step: 'done', photo });
        onUploaded(up.name);
      },
      (e: Error & { kind?: string }) => {
        if (e.kind !== 'cancel') setState({ step: 'failed', photo, reason: e.message });
      },
    );
  };

  const pick = async (file: File | undefined) => {
    if (!file) return;
    onUploaded('');
    setState({ step: 'shrinking' });
    try {
      const photo = await shrinkPhoto(file);
      setPreview(URL.createObjectURL(photo.blob));
      send(photo);
    } catch {
      setState({ step: 'failed', photo: null, reason: t('money.photoUnreadable') });
    }
  };

  const input = (camera: boolean) => (
    <label className="btn ghost">
      {t(camera ? 'money.takePhoto' : 'money.pickPhoto')}
      <input
        type="file"
        accept="image/*"
        capture={camera ? 'environment' : undefined}
        hidden
        onChange={(e) => {
          const el = e.currentTarget;
          void pick(el.files?.[0]);
          el.value = '';
        }}
      />
    </label>
  );

  return (
    <div className="field proof">
      <span className="lbl">{label}</span>
      {preview && 'photo' in state && state.photo && <img src={preview} alt={label} width={state.photo.width} height={state.photo.height} />}
      {state.step === 'shrinking' && <p className="muted" role="status">{t('money.preparing')}</p>}
      {state.step === 'uploading' && (
        <progress max={1} value={state.share} aria-label={t('money.uploading')} />
      )}
      {state.step === 'done' && <p className="up" role="status">{t('money.uploaded')}</p>}
      {state.step === 'failed' && (
        <div role="alert">
          <small>{state.reason}</small>
          {state.photo && (
            <button type="button" className="btn ghost" onClick={() => send(state.photo!)}>{t('ui.retry')}</button>
          )}
        </div>
      )}
      <div className="proof-acts">
        {input(true)}
        {input(false)}
      </div>
    </div>
  );
}
