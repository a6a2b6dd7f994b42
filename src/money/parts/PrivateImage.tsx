import { useEffect, useState } from 'react';
import { abortable, fetchSignal, newAbort } from '../../shared/abort.ts';
import { $session } from '../../stores/session.ts';
import './PrivateImage.css';

/**
 * An image only its owner may fetch (a proof of payment, a payment QR): an <img> cannot send the
 * token, so it is fetched with it and shown from a blob URL.
 */
export function PrivateImage({ src, alt }: { src: string; alt: string }) {
  const [url, setUrl] = useState('');
  useEffect(() => {
    let made = '';
    const ctl = newAbort();
    abortable(fetch(src, { headers: { Authorization: 'Bearer ' + $session.get().token }, signal: fetchSignal(ctl) }), ctl.signal)
      .then((r) => (r.ok ? r.blob() : Promise.reject(r.status)))
      .then((b) => setUrl((made = URL.createObjectURL(b))), () => setUrl(''));
    return () => {
      ctl.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [src]);
  return url ? <img className="mimg" src={url} alt={alt} width={320} height={240} /> : <span className="muted">{alt}</span>;
}
