import { useEffect, useState } from 'react';
import { t } from '../../i18n/index.ts';
import { addressProblem, evmCaseProblem } from '../../lib/address.ts';
import { ApiError } from '../../api/client.ts';
import type { BindCoinAddressRequest, CoinItem } from '../../shared/contract.ts';
import { bindCoinAddress, coinList } from './method-calls.ts';
import { guarded } from '../../factor/with-factor.ts';
import { Field } from '../../ui/Field.tsx';
import { Button } from '../../ui/Button.tsx';
import { useMoneySubmit } from '../submit.ts';
import { bound } from './bound.ts';

/**
 * A wallet address: coin, network and an address in that network's format. One reason at a time,
 * under the field: the format, then the checksum (TRON's, or an EVM address's letter case), and a
 * server refusal only while the address it refused is still there.
 */
export function CoinForm() {
  const [coins, setCoins] = useState<CoinItem[]>([]);
  const [coin, setCoin] = useState('');
  const [network, setNetwork] = useState('');
  const [address, setAddress] = useState('');
  const [tried, setTried] = useState(false);
  const [refused, setRefused] = useState<{ address: string; text: string } | null>(null);
  const bindAddress = (body: BindCoinAddressRequest, key: string) =>
    guarded(bindCoinAddress)(body, key).catch((e: unknown) => {
      setRefused(e instanceof ApiError && e.params?.field === 'address' ? { address: body.address, text: e.message } : null);
      throw e;
    });
  const { busy, error, run } = useMoneySubmit(bindAddress, bound);
  useEffect(() => {
    coinList().then((l) => {
      setCoins(l);
      if (l[0]) (setCoin(l[0].coin), setNetwork(l[0].networks[0] || ''));
    }, () => {});
  }, []);
  const nets = coins.find((c) => c.coin === coin)?.networks || [];
  /** The EIP-55 verdict, for the address and network it was reached for. */
  const [caseCheck, setCaseCheck] = useState<{ address: string; network: string; problem: string | null } | null>(null);
  useEffect(() => {
    let live = true;
    evmCaseProblem(address, network).then((problem) => live && setCaseCheck({ address, network, problem }), () => {});
    return () => void (live = false);
  }, [address, network]);
  const caseProblem = caseCheck && caseCheck.address === address && caseCheck.network === network ? caseCheck.problem : null;
  const bad = addressProblem(address, network) || caseProblem;
  const serverSaid = refused && refused.address === address.trim() ? refused.text : '';
  const fieldError = tried && bad ? t(bad, { network }) : serverSaid;
  const send = async () => {
    setTried(true);
    if (bad || !coin || !network) return;
    // A tap right after typing: the letter-case verdict may still be on its way.
    const late = await evmCaseProblem(address, network).catch(() => null);
    if (late) return setCaseCheck({ address, network, problem: late });
    void run({ coin, network, address: address.trim() });
  };
  return (
    <form className="form" onSubmit={(e) => (e.preventDefault(), void send())} noValidate>
      <div className="field">
        <label htmlFor="coin">{t('money.coin')}</label>
        <select id="coin" value={coin} onChange={(e) => (setCoin(e.currentTarget.value), setNetwork(coins.find((c) => c.coin === e.currentTarget.value)?.networks[0] || ''))}>
          {coins.map((c) => <option key={c.coin} value={c.coin}>{c.coin}</option>)}
        </select>
      </div>
      <div className="field">
        <label htmlFor="net">{t('field.network')}</label>
        <select id="net" value={network} onChange={(e) => setNetwork(e.currentTarget.value)}>
          {nets.map((n) => <option key={n} value={n}>{n}</option>)}
        </select>
      </div>
      <Field label={t('field.address')} maxLength={100} autoComplete="off" spellCheck={false} value={address} onValue={setAddress} error={fieldError || undefined} />
      {error && !refused && !fieldError && <p className="down" role="alert">{error}</p>}
      <Button type="submit" block loading={busy}>{t('money.save')}</Button>
    </form>
  );
}
