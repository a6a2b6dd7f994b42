/**
 * A user's records on their page: bills, orders, deposits, withdrawals and payment methods. Every
 * code the server answers (a bill's type, an order's status or result, a direction, a method's kind)
 * reads as a word in the operator's language, every amount with the money's symbol and grouping.
 */
import { heldText, holdWords } from '../hold-words.ts';
import type { ConsoleUser } from '../../shared/contract/console.ts';
import { pageWords, tStatus } from '../i18n.ts';
import { money, when } from '../format.ts';

const words = pageWords({
  en: {
    'bill.recharge': 'deposit',
    'bill.withdraw': 'withdrawal paid',
    'bill.withdraw_freeze': 'withdrawal frozen',
    'bill.withdraw_refund': 'withdrawal returned',
    'bill.order': 'order placed',
    'bill.order_win': 'order won',
    'bill.order_refund': 'order refunded',
    'bill.finance_buy': 'finance purchase',
    'bill.finance_income': 'finance income',
    'bill.finance_return': 'finance principal back',
    'bill.savings_in': 'into savings',
    'bill.savings_out': 'out of savings',
    'bill.savings_income': 'savings interest',
    'bill.adjust': 'operator adjustment',
    'bill.bonus': 'bonus',
    'order.open': 'open',
    'order.settled': 'settled',
    'order.refunded': 'refunded',
    'result.win': 'won',
    'result.loss': 'lost',
    'result.tie': 'tie',
    'dir.up': 'buy up',
    'dir.down': 'buy down',
    'method.bank': 'bank card',
    'method.pix': 'PIX',
    'method.coin': 'crypto wallet',
    'method.qr': 'payment QR code',
    'method.paypay': 'PayPay',
  },
  'pt-BR': {
    'bill.recharge': 'depósito',
    'bill.withdraw': 'saque pago',
    'bill.withdraw_freeze': 'saque congelado',
    'bill.withdraw_refund': 'saque devolvido',
    'bill.order': 'ordem aberta',
    'bill.order_win': 'ordem ganha',
    'bill.order_refund': 'ordem reembolsada',
    'bill.finance_buy': 'compra de investimento',
    'bill.finance_income': 'rendimento de investimento',
    'bill.finance_return': 'principal do investimento devolvido',
    'bill.savings_in': 'para a poupança',
    'bill.savings_out': 'da poupança',
    'bill.savings_income': 'juros da poupança',
    'bill.adjust': 'ajuste do operador',
    'bill.bonus': 'bônus',
    'order.open': 'aberta',
    'order.settled': 'liquidada',
    'order.refunded': 'reembolsada',
    'result.win': 'ganhou',
    'result.loss': 'perdeu',
    'result.tie': 'empate',
    'dir.up': 'comprar alta',
    'dir.down': 'comprar baixa',
    'method.bank': 'cartão bancário',
    'method.pix': 'PIX',
    'method.coin': 'carteira de criptomoedas',
    'method.qr': 'QR code de pagamento',
    'method.paypay': 'PayPay',
  },
  ar: {
    'bill.recharge': 'إيداع',
    'bill.withdraw': 'سحب مدفوع',
    'bill.withdraw_freeze': 'سحب مجمّد',
    'bill.withdraw_refund': 'سحب مُعاد',
    'bill.order': 'أمر مفتوح',
    'bill.order_win': 'أمر رابح',
    'bill.order_refund': 'أمر مُسترد',
    'bill.finance_buy': 'شراء منتج مالي',
    'bill.finance_income': 'دخل منتج مالي',
    'bill.finance_return': 'إعادة أصل المنتج المالي',
    'bill.savings_in': 'إلى الادخار',
    'bill.savings_out': 'من الادخار',
    'bill.savings_income': 'فائدة الادخار',
    'bill.adjust': 'تعديل من المشغّل',
    'bill.bonus': 'مكافأة',
    'order.open': 'مفتوح',
    'order.settled': 'مُسوّى',
    'order.refunded': 'مُسترد',
    'result.win': 'ربح',
    'result.loss': 'خسارة',
    'result.tie': 'تعادل',
    'dir.up': 'شراء صعود',
    'dir.down': 'شراء هبوط',
    'method.bank': 'بطاقة بنكية',
    'method.pix': 'PIX',
    'method.coin': 'محفظة عملات رقمية',
    'method.qr': 'رمز QR للدفع',
    'method.paypay': 'PayPay',
  },
});
type WordKey = Parameters<typeof words>[0];

/** The word for a code, or the code itself when this console does not know it yet (a newer server). */
const word = (key: string): string => words(key as WordKey) ?? key.slice(key.indexOf('.') + 1);

export function Bills({ list }: { list: ConsoleUser['bills'] }) {
  return (
    <ul className="lines">
      {list.map((b) => (
        <li key={b.id}>
          {when(b.time)} {word(`bill.${b.bizType}`)} <span dir="ltr">{money(b.amount)}</span> → <span dir="ltr">{money(b.balanceAfter)}</span> <bdi>{b.remark}</bdi>
        </li>
      ))}
    </ul>
  );
}

export function Orders({ list }: { list: ConsoleUser['orders'] }) {
  return (
    <ul className="lines">
      {list.map((o) => (
        <li key={o.orderNo}>
          {when(o.time)} <bdi>{o.symbol.toUpperCase()}</bdi> {word(`dir.${o.direction}`)} <span dir="ltr">{money(o.amount)}</span> · {word(o.result ? `result.${o.result}` : `order.${o.status}`)}
          {o.payout !== null && (
            <>
              {' '}
              → <span dir="ltr">{money(o.payout)}</span>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

export function Deposits({ list }: { list: ConsoleUser['deposits'] }) {
  return (
    <ul className="lines">
      {list.map((d) => (
        <li key={d.orderNo}>
          {when(d.time)} <span dir="ltr">{money(d.amount)}</span> {tStatus(d.status)} <bdi>{d.channelName}</bdi>
        </li>
      ))}
    </ul>
  );
}

export function Withdrawals({ list }: { list: ConsoleUser['withdrawals'] }) {
  return (
    <ul className="lines">
      {list.map((w) => (
        <li key={w.orderNo}>
          {when(w.time)} <span dir="ltr">{money(w.amount)}</span> {tStatus(w.status)} <code dir="ltr">{w.account}</code>
        </li>
      ))}
    </ul>
  );
}

/** The user's payment methods; a held one says until when, with a way to lift it for those who may. */
export function Methods({ list, lift }: { list: ConsoleUser['methods']; lift?: (m: ConsoleUser['methods'][number]) => void }) {
  return (
    <ul className="lines">
      {list.map((m) => (
        <li key={m.id}>
          {word(`method.${m.kind}`)} <bdi>{m.payee ?? ''}</bdi> <bdi>{m.bankName ?? m.network ?? ''}</bdi> <code dir="ltr">{m.account}</code>
          {m.heldUntil && <> · <b className="warn">{heldText(when(m.heldUntil))}</b>{' '}
            {lift && <button type="button" className="link" onClick={() => lift(m)}>{holdWords('lift')}</button>}
          </>}
        </li>
      ))}
    </ul>
  );
}
