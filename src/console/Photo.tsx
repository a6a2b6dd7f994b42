/** The proof photo, large: zoom in and out and rotate by quarter turns, scroll to pan. */
import { useState } from 'react';
import { t } from './i18n.ts';

export function Photo({ file }: { file: string | null }) {
  const [zoom, setZoom] = useState(1);
  const [turn, setTurn] = useState(0);
  if (!file) return <p className="muted">{t('noProof')}</p>;
  return (
    <figure className="photo">
      <div className="photo-frame">
        <img
          src={`/console/api/uploads/${encodeURIComponent(file)}`}
          alt={t('proof')}
          style={{ transform: `rotate(${turn * 90}deg) scale(${zoom})` }}
          data-zoom={zoom}
          data-turn={turn % 4}
        />
      </div>
      <figcaption className="tools">
        <button type="button" onClick={() => setZoom((z) => Math.max(1, z - 0.5))} disabled={zoom <= 1}>
          {t('zoomOut')}
        </button>
        <button type="button" onClick={() => setZoom((z) => Math.min(4, z + 0.5))} disabled={zoom >= 4}>
          {t('zoomIn')}
        </button>
        <button type="button" onClick={() => setTurn((n) => (n + 1) % 4)}>
          {t('rotate')}
        </button>
      </figcaption>
    </figure>
  );
}
