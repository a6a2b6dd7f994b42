import { useEffect, useState } from 'react';
import { t } from '../../i18n/index.ts';
import { walletAddress } from '../../lib/validators.ts';
import type { CoinItem } from '../../shared/contract.ts';
import { bindCoinAddress, coinList } from '../../api/money.ts';
import { Field } from '../../ui/Field.tsx';
import { Button } from '../../ui/Button.tsx';
import { useMoneySubmit } from '../../money/submit.ts';
import { bound } from './done.ts';

/** A wallet address: coin, network and an address in that network's format. */
export function CoinForm() {
  const [coins, setCoins] = useState<CoinItem[]>([]);
  const [coin, setCoin] = useState('');
  const [network, setNetwork] = useState('');
  const [address, setAddress] = useState('');
  const [tried, setTried] = useState(false);
  const { busy, error, run } = useMoneySubmit(bindCoinAddress, bound);
  useEffect(() => {
    coinList().then((l) => {
      setCoins(l);
      if (l[0]) (setCoin(l[0].coin), setNetwork(l[0].networks[0] || ''));
    }, () => {});
  }, []);
  const nets = coins.find((c) => c.coin === coin)?.networks || [];
  const bad = walletAddress(address, network);
  const send = () => {
    setTried(true);
    if (bad || !coin || !network) return;
    void run({ coin, network, address: address.trim() });
  };
  return (
    <form className="form" onSubmit={(e) => (e.preventDefault(), send())} noValidate>
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
      <Field label={t('field.address')} maxLength={100} autoComplete="off" spellCheck={false} value={address} onValue={setAddress} error={tried && bad ? t(bad) : undefined} />
      {error && <p className="down" role="alert">{error}</p>}
      <Button type="submit" block loading={busy}>{t('money.save')}</Button>
    </form>
  );
}
