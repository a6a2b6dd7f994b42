/** Name, password and the authenticator's six digits; what was typed stays when the server refuses. */
import { useState } from 'react';
import { ApiError, call } from './api.ts';
import { t, tError } from './i18n.ts';
import { Alert } from './Alert.tsx';
import type { ConsoleMe } from '../shared/contract/console.ts';

export function SignIn({ onSignedIn }: { onSignedIn: (me: ConsoleMe) => void }) {
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState(false);

  const submit = async (e: { preventDefault(): void }) => {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      onSignedIn(await call<ConsoleMe>('POST', '/sign-in', { name: name.trim(), password, code }));
    } catch (err) {
      setError(err instanceof ApiError ? tError(err) : String(err));
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card sign-in" onSubmit={submit}>
      <h1>{t('title')}</h1>
      <label>
        {t('name')}
        <input name="name" autoComplete="username" value={name} onInput={(e) => setName(e.currentTarget.value)} required />
      </label>
      <label>
        {t('password')}
        <input name="password" type={shown ? 'text' : 'password'} autoComplete="current-password" value={password} onInput={(e) => setPassword(e.currentTarget.value)} required />
      </label>
      <label className="choice">
        <input type="checkbox" checked={shown} onChange={() => setShown(!shown)} />
        {t('showPassword')}
      </label>
      <label>
        {t('code')}
        <input
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]{6,7}"
          maxLength={7}
          value={code}
          onInput={(e) => setCode(e.currentTarget.value)}
          required
          dir="ltr"
        />
      </label>
      <Alert text={error} />
      <button className="primary" disabled={busy}>
        {t('signIn')}
      </button>
    </form>
  );
}
