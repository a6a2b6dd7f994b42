/**
 * The question before every money decision: who, how much in which currency, by which method, and
 * what will happen, with the decision on a second button. Loaded when first asked, so the queues'
 * first load does not carry it.
 */
import { createRoot } from 'react-dom/client';
import { pageWords, t } from './i18n.ts';
import { me } from './me.ts';
import { money } from './format.ts';

export type Decision = 'approve' | 'reject' | 'pay' | 'giveBack' | 'move' | 'adjust' | 'liftHold' | 'second' | 'refuseProposal' | 'withdrawProposal';

const w = pageWords({
  en: {
    check: 'Check before you decide',
    method: 'Method',
    effect: 'What will happen',
    cancel: 'Cancel',
    yes: 'Confirm',
    approve: 'The user’s balance rises by {{amount}}.',
    reject: 'The deposit is refused; the user reads the reason.',
    pay: 'The withdrawal of {{amount}} becomes “{{status}}”: the money leaves the platform.',
    giveBack: 'The withdrawal becomes “{{status}}”; {{amount}} and its fee return to the user’s balance.',
    move: 'The withdrawal becomes “{{status}}”.',
    adjust: 'The user’s balance changes by {{amount}}.',
    liftHold: 'The method can receive withdrawals at once: the user’s whole balance, {{amount}}, could go to it.',
    second: 'You are the second operator: this is carried out now.',
    refuseProposal: 'The proposal is refused; nothing changes for the user.',
    withdrawProposal: 'Your proposal is taken back; nothing changes for the user.',
    twoNeeded: 'Above {{limit}}: this waits for a second operator’s approval.',
    reason: 'Reason',
  },
  'pt-BR': {
    check: 'Confira antes de decidir',
    method: 'Forma',
    effect: 'O que vai acontecer',
    cancel: 'Cancelar',
    yes: 'Confirmar',
    approve: 'O saldo do usuário aumenta em {{amount}}.',
    reject: 'O depósito é recusado; o usuário lê o motivo.',
    pay: 'O saque de {{amount}} passa a “{{status}}”: o dinheiro sai da plataforma.',
    giveBack: 'O saque passa a “{{status}}”; {{amount}} e a taxa voltam ao saldo do usuário.',
    move: 'O saque passa a “{{status}}”.',
    adjust: 'O saldo do usuário muda em {{amount}}.',
    liftHold: 'A forma pode receber saques na hora: todo o saldo do usuário, {{amount}}, poderia ir para ela.',
    second: 'Você é o segundo operador: isto é executado agora.',
    refuseProposal: 'A proposta é recusada; nada muda para o usuário.',
    withdrawProposal: 'Sua proposta é retirada; nada muda para o usuário.',
    twoNeeded: 'Acima de {{limit}}: isto espera a aprovação de um segundo operador.',
    reason: 'Motivo',
  },
  ar: {
    check: 'تحقّق قبل أن تقرّر',
    method: 'الطريقة',
    effect: 'ما الذي سيحدث',
    cancel: 'إلغاء',
    yes: 'تأكيد',
    approve: 'يزيد رصيد المستخدم بمقدار {{amount}}.',
    reject: 'يُرفض الإيداع؛ ويقرأ المستخدم السبب.',
    pay: 'يصبح سحب {{amount}} «{{status}}»: يخرج المال من المنصة.',
    giveBack: 'يصبح السحب «{{status}}»؛ ويعود {{amount}} ورسومه إلى رصيد المستخدم.',
    move: 'يصبح السحب «{{status}}».',
    adjust: 'يتغيّر رصيد المستخدم بمقدار {{amount}}.',
    liftHold: 'يمكن للطريقة استلام السحوبات فورًا: قد يذهب إليها كامل رصيد المستخدم، {{amount}}.',
    second: 'أنت المشغّل الثاني: يُنفَّذ هذا الآن.',
    refuseProposal: 'يُرفض الاقتراح؛ ولا يتغيّر شيء للمستخدم.',
    withdrawProposal: 'يُسحب اقتراحك؛ ولا يتغيّر شيء للمستخدم.',
    twoNeeded: 'فوق {{limit}}: ينتظر هذا موافقة مشغّل ثانٍ.',
    reason: 'السبب',
  },
});

const fill = (text: string, params: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => params[k] ?? '');

/** `a > b` for unsigned decimal strings, exactly (no float). */
export function above(a: string, b: string): boolean {
  const [ai = '0', af = ''] = a.replace(/^[+-]/, '').split('.');
  const [bi = '0', bf = ''] = b.split('.');
  const x = ai.replace(/^0+/, ''), y = bi.replace(/^0+/, '');
  if (x.length !== y.length) return x.length > y.length;
  const width = Math.max(af.length, bf.length);
  return x + af.padEnd(width, '0') > y + bf.padEnd(width, '0');
}

export interface Question {
  decision: Decision;
  user: string;
  /** A decimal string in the app's money; signed for an adjustment. */
  amount: string;
  method: string;
  /** The status a withdrawal moves to. */
  status?: string;
  reason?: string;
  /** Four eyes may apply: say so when the amount is above the line. */
  fourEyes?: boolean;
}

/** Answers true when the operator confirms, false when they cancel or close the dialog. */
export default function ask(q: Question): Promise<boolean> {
  const host = document.body.appendChild(document.createElement('div'));
  const root = createRoot(host);
  return new Promise<boolean>((resolve) => {
    const done = (yes: boolean) => {
      root.unmount();
      host.remove();
      resolve(yes);
    };
    const shown = money(q.amount);
    const effect = fill(w(q.decision), { amount: shown, status: q.status ?? '' });
    root.render(
      <dialog
        className="card confirm"
        aria-label={w('check')}
        ref={(d) => void (d && !d.open && d.showModal())}
        onCancel={(e) => {
          e.preventDefault();
          done(false);
        }}
      >
        <h3>{w('check')}</h3>
        <dl className="facts">
          <div>
            <dt>{t('user')}</dt>
            <dd>{q.user}</dd>
          </div>
          <div>
            <dt>{t('amount')}</dt>
            <dd className="big">
              <span dir="ltr">{shown}</span>
            </dd>
          </div>
          <div>
            <dt>{w('method')}</dt>
            <dd>{q.method}</dd>
          </div>
          {q.reason && (
            <div>
              <dt>{w('reason')}</dt>
              <dd>{q.reason}</dd>
            </div>
          )}
          <div>
            <dt>{w('effect')}</dt>
            <dd>
              {effect}
              {q.fourEyes && above(q.amount, me.fourEyesAbove) && <b> {fill(w('twoNeeded'), { limit: money(me.fourEyesAbove) })}</b>}
            </dd>
          </div>
        </dl>
        <div className="actions">
          <button type="button" onClick={() => done(false)}>
            {w('cancel')}
          </button>
          <button type="button" className={q.decision === 'reject' || q.decision === 'giveBack' || q.decision === 'refuseProposal' ? 'danger' : 'primary'} onClick={() => done(true)}>
            {w('yes')}
          </button>
        </div>
      </dialog>,
    );
  });
}
