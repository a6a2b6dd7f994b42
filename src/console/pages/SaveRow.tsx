/** One row of the Settings page, saved on its own: its fields, "Save" ("Saved" until the next edit) and the refusal. */
import { useState, type ReactNode } from 'react';
import { pageWords } from '../i18n.ts';
import { Alert } from '../Alert.tsx';

const w = pageWords({
  en: { save: 'Save', saved: 'Saved' },
  'pt-BR': { save: 'Salvar', saved: 'Salvo' },
  ar: { save: 'حفظ', saved: 'تم الحفظ' },
});

interface Props {
  /** What the row is, above its fields. */
  head: ReactNode;
  /** The fields, beside the button. */
  children: ReactNode;
  /** Sends the row; throws what the server refused. */
  save: () => Promise<void>;
  /** A refusal in the operator's words. */
  refusal: (err: unknown) => string;
  /** Nothing to save: what the fields hold is what the server holds. */
  unchanged?: boolean;
}

export function SaveRow({ head, children, save, refusal, unchanged = false }: Props) {
  const [error, setError] = useState('');
  const [saved, setSaved] = useState(false);
  return (
    <li>
      <form
        className="card setting"
        // Any edit bubbles here: "Saved" no longer says what the fields hold.
        onInput={() => setSaved(false)}
        onSubmit={async (e) => {
          e.preventDefault();
          setError('');
          try {
            await save();
            setSaved(true);
          } catch (err) {
            setError(refusal(err));
          }
        }}
      >
        {head}
        <div className="row">
          {children}
          <button className="primary" disabled={unchanged && !error}>
            {saved ? w('saved') : w('save')}
          </button>
        </div>
        <Alert text={error} />
      </form>
    </li>
  );
}
