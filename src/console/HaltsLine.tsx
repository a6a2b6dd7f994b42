/**
 * The halted quotes' line, loaded by `Halts.tsx` once a quote is halted: since when and why, and
 * the operator's decision to trust the market's price again (confirmed, then on record under their
 * name).
 */
import { useState } from 'react';
import type { MarketHalt } from '../shared/contract/console.ts';
import { Alert } from './Alert.tsx';
import { call } from './api.ts';
import { when } from './format.ts';
import { may } from './me.ts';
import { fill, pageWords, tError } from './i18n.ts';

const w = pageWords({
  en: {
    halted: 'Orders paused on {{symbol}} since {{time}}: its prices failed the checks ({{reason}}).',
    absurd: 'not a possible price',
    jump: 'moved too far from the last trusted price',
    disagree: 'the two feeds disagree',
    unconfirmed: 'the second feed has no price',
    release: "Trust the market's price",
    sure: "Trust {{symbol}}'s current market price and let orders open again?",
    released: 'Trusted; orders resume within seconds.',
  },
  'pt-BR': {
    halted: 'Ordens pausadas em {{symbol}} desde {{time}}: os preços não passaram nas verificações ({{reason}}).',
    absurd: 'não é um preço possível',
    jump: 'afastou-se demais do último preço confiável',
    disagree: 'as duas fontes discordam',
    unconfirmed: 'a segunda fonte não tem preço',
    release: 'Confiar no preço do mercado',
    sure: 'Confiar no preço atual de mercado de {{symbol}} e liberar as ordens de novo?',
    released: 'Confirmado; as ordens voltam em segundos.',
  },
  ar: {
    halted: 'الأوامر متوقفة على {{symbol}} منذ {{time}}: أسعاره لم تجتز الفحوصات ({{reason}}).',
    absurd: 'ليس سعرًا ممكنًا',
    jump: 'ابتعد كثيرًا عن آخر سعر موثوق',
    disagree: 'المصدران غير متفقين',
    unconfirmed: 'المصدر الثاني بلا سعر',
    release: 'الوثوق بسعر السوق',
    sure: 'الوثوق بسعر السوق الحالي لـ {{symbol}} والسماح بالأوامر من جديد؟',
    released: 'تم؛ تُستأنف الأوامر خلال ثوانٍ.',
  },
});

const REASONS = ['absurd', 'jump', 'disagree', 'unconfirmed'] as const;

export interface HaltsLineProps {
  halts: MarketHalt[];
  /** Called after every decision, taken or refused, so the halts are read again. */
  onDecided: () => void;
}

export function HaltsLine({ halts, onDecided }: HaltsLineProps) {
  const [error, setError] = useState('');

  const release = async (symbol: string) => {
    if (!window.confirm(fill(w('sure'), { symbol: symbol.toUpperCase() }))) return;
    try {
      await call('POST', `/market/${symbol}/release`);
      setError('');
    } catch (e) {
      setError(tError(e as { key?: string; msg: string }));
    }
    onDecided();
  };

  if (!halts.length && !error) return null;
  return (
    <section className="halts" aria-live="polite">
      {halts.map((h) => (
        <p key={h.symbol} className="held">
          {fill(w('halted'), {
            symbol: h.symbol.toUpperCase(),
            time: when(h.since),
            reason: (REASONS as readonly string[]).includes(h.reason) ? w(h.reason as (typeof REASONS)[number]) : h.reason,
          })}{' '}
          {h.released ? w('released') : may('finance') && (
            <button type="button" onClick={() => release(h.symbol)}>
              {w('release')}
            </button>
          )}
        </p>
      ))}
      <Alert text={error} />
    </section>
  );
}
