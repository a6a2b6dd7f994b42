/** A user's newest sign-ins: when, from which address, on which browser, and how. Loaded with the pages that show them. */
import type { SignIn } from '../shared/contract/console.ts';
import { pageWords } from './i18n.ts';
import { when } from './format.ts';

export const loginWords = pageWords({
  en: { logins: 'Recent logins', none: 'No login recorded yet', password: 'password', partner: 'partner sign-on', register: 'sign-up', passkey: 'passkey' },
  'pt-BR': { logins: 'Acessos recentes', none: 'Nenhum acesso registrado ainda', password: 'senha', partner: 'acesso pelo parceiro', register: 'cadastro', passkey: 'chave de acesso' },
  ar: { logins: 'آخر عمليات الدخول', none: 'لم يُسجَّل أي دخول بعد', password: 'كلمة المرور', partner: 'الدخول عبر الشريك', register: 'التسجيل', passkey: 'مفتاح المرور' },
});

export function Logins({ list }: { list: SignIn[] }) {
  if (!list.length) return <p className="muted">{loginWords('none')}</p>;
  return (
    <ul className="lines logins">
      {list.map((l, i) => (
        <li key={`${l.at}-${i}`}>
          {when(l.at)} · <code dir="ltr">{l.ip}</code> · <bdi>{l.agent}</bdi> · {loginWords(l.how)}
        </li>
      ))}
    </ul>
  );
}
