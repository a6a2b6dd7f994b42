import { t } from '../../i18n/index.ts';
import { ltr } from '../../lib/bidi.ts';
import type { UserMessage } from '../../api/messages.ts';
import { reasonText } from '../../money/reason.ts';

/**
 * Title and text of a message in the user's language. A review outcome carries a key and its
 * figures, and is worded here with the record screens' own status names; anything else (an
 * operator's message, a notice) is shown as written. A listed reason is worded in the user's language; a typed one stays as typed.
 */
export function wording(m: UserMessage, fmt: (amount: string) => string): { title: string; content: string } {
  const p = m.params;
  if (!m.key || !p) return m;
  if (m.key === 'orderRefund') {
    const order = t('account.msg.order', { orderNo: ltr(p.orderNo), amount: ltr(fmt(p.amount)) });
    return { title: t('account.msg.orderRefund'), content: [order, t(p.cause === 'feed_gap' ? 'account.msg.feedGap' : 'account.msg.noPrice'), t('account.msg.credited')].join('\n') };
  }
  const lines = [t('account.msg.order', { orderNo: ltr(p.orderNo), amount: ltr(fmt(p.amount)) })];
  if (p.effect) lines.push(t('account.msg.' + p.effect));
  if (p.reason) lines.push(t('account.msg.reason', { reason: reasonText(p.reasonKey, p.reason) }));
  return { title: t('account.msg.' + m.key, { status: t(`money.${m.key}.${p.status}`) }), content: lines.join('\n') };
}
