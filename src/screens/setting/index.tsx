import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useLocation } from '../../app/location.ts';
import { $session } from '../../stores/session.ts';
import { $app, config } from '../../stores/app.ts';
import { notify } from '../../stores/notify.ts';
import { languageByCode } from '../../i18n/languages.ts';
import { t } from '../../i18n/index.ts';
import { $saveData, setSaveData } from '../../lib/save-data.ts';
import { Page } from '../../ui/Page.tsx';
import { Cell } from '../../ui/Cell.tsx';
import { LanguagePicker } from '../../ui/LanguagePicker.tsx';
import { confirm } from '../../ui/confirm.tsx';
import { clearCache, storedBytes } from './size.ts';
import { formatBytes } from '../../meter/format.ts';
import { Meter } from '../../meter/Meter.tsx';
import { signOut } from './sign-out.ts';
import './style.css';

/** Security, language, data saver with the data meter and budget, cache, about and logout. */
export default function Setting() {
  const user = useStore($session).userInfo;
  const language = useStore($app).language;
  const [, go] = useLocation();
  const [picker, setPicker] = useState(false);
  const saver = useStore($saveData);
  const [stored, setStored] = useState<number | null>(null);
  const saverSwitch = useRef<HTMLInputElement>(null);
  const [devicesLabel, setDevicesLabel] = useState(false);

  useEffect(() => {
    storedBytes().then(setStored);
    // The row's words come with the devices screen's; this screen does not carry their loader.
    import('../devices/words.ts').then((m) => m.devicesWords()).then(() => setDevicesLabel(true), () => {});
    // The header badge opens this screen at the switch.
    if (location.hash === '#saver' && saverSwitch.current) {
      saverSwitch.current.scrollIntoView({ block: 'center' });
      saverSwitch.current.focus();
    }
  }, []);

  const clear = async () => {
    if (!(await confirm({ title: t('account.clearCache'), message: t('account.clearCacheConfirm') }))) return;
    await clearCache();
    notify(t('account.cacheCleared'), { type: 'success' });
    setStored(await storedBytes());
  };

  const fmt = (n: number) => <span className="num">{formatBytes(n, language)}</span>;
  return (
    <Page title={t('route.setting')}>
      <div className="cells group">
        <Cell label={t('route.password')} onClick={() => go('/password')} />
        <Cell
          label={t('route.fundPassword')}
          value={user && !user.hasFundPassword ? t('ui.notSet') : undefined}
          onClick={() => go('/fundPassword')}
        />
        <Cell
          label={t('route.bindPhone')}
          value={user && (user.phone || user.email) ? <span className="num">{user.phone || user.email}</span> : t('ui.notSet')}
          onClick={() => go('/bindPhone')}
        />
        <Cell label={t('route.paymentMethod')} onClick={() => go('/paymentMethod')} />
        <Cell label={t('route.security')} onClick={() => go('/security')} />
        {devicesLabel && <Cell label={t('route.devices')} onClick={() => go('/devices')} />}
      </div>
      <div className="cells group">
        <Cell icon="globe" label={t('common.language')} value={languageByCode(language)?.native} onClick={() => setPicker(true)} />
        <label className="cell">
          <span>
            {t('account.dataSaver')}
            <small className="muted">{t('account.dataSaverHint')}</small>
          </span>
          <input ref={saverSwitch} id="saver" type="checkbox" role="switch" className="switch" checked={saver} onChange={() => setSaveData(!saver)} />
        </label>
        <Cell label={t('account.clearCache')} value={stored == null ? undefined : fmt(stored)} onClick={clear} />
      </div>
      <Meter language={language} />
      <div className="cells group">
        <Cell label={t('route.aboutUs')} onClick={() => go('/aboutUs')} />
        <Cell label={t('ui.version')} value={<span className="num">{config('configVersion')}</span>} />
      </div>
      <div className="cells group">
        <Cell icon="logout" label={t('ui.logout')} onClick={signOut} />
      </div>
      <LanguagePicker open={picker} onClose={() => setPicker(false)} />
    </Page>
  );
}
