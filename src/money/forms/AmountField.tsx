/**
 * The one amount field of every money form, and the hook that reads it. The field shows exactly
 * what was typed or pasted; what cannot be booked stays, with the reason under it, and `check()`
 * refuses to submit it. What is shown, confirmed and sent comes from one reading: `display` (the
 * typed number, for the confirmation) and `platform` (money-rule.ts, for the request body).
 * A booked amount put in by "All" or a preset is exact, whatever a user may type: the balance
 * 45.10 with whole units configured fills `45.1` and sends 45.1, so no cent is left stranded
 * (docs/rules.md#typed-amounts). Changing the text makes it a typed amount again.
 */
import { useMemo, useState } from 'react';
import { t } from '../../i18n/index.ts';
import { ltr } from '../../lib/bidi.ts';
import type { MoneySettings } from '../settings.ts';
import { formatMoney, shownValue } from '../../lib/booked.ts';
import { asDisplayed, displayLimits, moneyRule, toPlatform } from '../rule.ts';
import { outOfRange } from '../../shared/amount-range.ts';
import { cmp } from '../../shared/decimal.ts';
import { Field } from '../../ui/Field.tsx';
import { readAmount, type AmountReading } from './amount.ts';

/**
 * A money amount typed in display units under `money`, within `limits` (platform amounts, shown
 * and checked rounded inwards); without limits only the format is checked.
 */
export function useAmount(money: MoneySettings, limits?: readonly [min: string, max: string] | null) {
  const [text, setText] = useState('');
  const [filled, setFilled] = useState<{ text: string; platform: string } | null>(null);
  const [tried, setTried] = useState(false);
  const rule = useMemo(() => moneyRule(money), [money]);
  const shown = useMemo(() => asDisplayed(money), [money]);
  const [min, max] = limits ? displayLimits(limits[0], limits[1], rule) : [null, null];
  const exact = filled && filled.text === text ? filled.platform : null;
  // An exact fill is checked against the platform limits themselves: the shown maximum is rounded
  // down to typed units, and the whole balance is above it.
  const side = exact && limits ? outOfRange(exact, limits[0], limits[1]) : 0;
  const reading: AmountReading = !exact
    ? readAmount(text, { decimals: money.decimals, min, max })
    : cmp(exact, 0) <= 0
      ? { ok: false, why: 'v.amount' }
      : side
        ? { ok: false, why: side < 0 ? 'v.amountMin' : 'v.amountMax' }
        : { ok: true, display: text };
  /** A display amount written as everywhere else (symbol, the language's format), one left-to-right run. */
  const fmt = (v: string) => ltr(formatMoney(v, shown));
  const range = { min: min ? fmt(min) : '', max: max ? fmt(max) : '' };
  const display = reading.ok ? reading.display : null;
  return {
    text,
    /** What the user typed or pasted, kept as it is. */
    type: (v: string) => setText(v),
    /** Puts a booked amount in the field (a preset, "All"), exactly. */
    fill: (platform: string) => {
      const v = shownValue(platform, money);
      setFilled({ text: v, platform });
      setText(v);
    },
    clear: () => (setText(''), setTried(false), setFilled(null)),
    /** The typed number when it can be booked, else null. */
    display,
    /** What the platform books for it: the request body's amount. */
    platform: exact && display ? exact : display ? toPlatform(display, rule) : null,
    /** The reason it cannot be booked, translated; an empty field says so only after a submit. */
    reason: !reading.ok && (tried || reading.why !== 'v.required') ? t(reading.why, { n: money.decimals, ...range }) : '',
    fmt,
    /** The limits as shown (display amounts, formatted). */
    range,
    /** A submit attempt: true when the amount can be booked. */
    check: (): boolean => (setTried(true), reading.ok),
  };
}

export type Amount = ReturnType<typeof useAmount>;

interface Props {
  /** The field's text and reading: a money amount (useAmount), or one in another currency. */
  amount: Pick<Amount, 'text' | 'type' | 'reason'>;
  label: string;
  /** A reason from the server about this amount (over the balance, a limit). */
  error?: string;
  placeholder?: string;
}

export function AmountField({ amount, label, error, placeholder }: Props) {
  return (
    <Field
      label={label}
      value={amount.text}
      onValue={amount.type}
      error={amount.reason || error}
      inputMode="decimal"
      autoComplete="off"
      placeholder={placeholder}
    />
  );
}
