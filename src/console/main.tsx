/** The operator's console: its own page on the admin listener, never part of the app's bundle. */
import { createRoot } from 'react-dom/client';
import { useEffect, useState } from 'react';
import { call, setOnSignedOut } from './api.ts';
import { pickLanguage, setLanguage, t, type Lang } from './i18n.ts';
import { Shell } from './Shell.tsx';
import { setMe } from './me.ts';
import type { ConsoleMe } from '../shared/contract/console.ts';
import { SignIn } from './SignIn.tsx';
import './console.css';

function Console() {
  const [, setLang] = useState<Lang>(pickLanguage());
  // undefined: still asking the server whether the cookie holds a session.
  const [name, setName] = useState<string | null | undefined>(undefined);

  const signedIn = (m: ConsoleMe) => {
    setMe(m);
    setName(m.name);
  };

  useEffect(() => {
    setOnSignedOut(() => setName(null));
    call<ConsoleMe>('GET', '/me').then(signedIn, () => setName(null));
  }, []);

  const changeLanguage = (l: Lang) => {
    setLanguage(l);
    setLang(l);
  };

  if (name === undefined) return <p className="muted">{t('loading')}</p>;
  if (name === null) return <SignIn onSignedIn={signedIn} />;
  return <Shell key={name} name={name} onSignOut={() => setName(null)} onLanguage={changeLanguage} />;
}

setLanguage(pickLanguage());
createRoot(document.getElementById('console')!).render(<Console />);
