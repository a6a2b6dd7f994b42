import { useEffect, useState } from 'react';
import { t } from '../../i18n/index.ts';
import { getCaptcha } from '../../api/auth.ts';
import { Field } from '../../ui/Field.tsx';

interface Props {
  value: string;
  onValue: (v: string) => void;
  error?: string;
  /** Receives the uuid the answer belongs to. */
  onUuid: (uuid: string) => void;
  /** Bump to fetch a new image (after a failed attempt the old one is spent). */
  round: number;
}

/** The image captcha of config `captchaOn`: the answer field with the image beside it; tap for another. */
export function Captcha({ value, onValue, error, onUuid, round }: Props) {
  const [img, setImg] = useState('');
  const refresh = () =>
    getCaptcha().then(
      (c) => {
        setImg(c.img);
        onUuid(c.uuid);
      },
      () => setImg(''),
    );
  useEffect(() => {
    refresh();
  }, [round]);
  return (
    <div className="captcha">
      <Field label={t('field.captcha')} value={value} onValue={onValue} error={error} autoComplete="off" inputMode="text" maxLength={8} />
      <button type="button" onClick={refresh} title={t('auth.captchaHint')} aria-label={t('auth.captchaHint')}>
        {img ? <img src={img} alt="" width={110} height={44} /> : t('ui.retry')}
      </button>
    </div>
  );
}
