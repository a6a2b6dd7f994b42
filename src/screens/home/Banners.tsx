import { useState } from 'react';
import type { BannerItem } from '../../shared/contract.ts';
import { t } from '../../i18n/index.ts';
import { saveData } from '../../lib/save-data.ts';
import { follow } from './follow.ts';

// The operator's banners are drawn at 690×280 (the 750 design width less its margins); the box
// keeps that shape before the image arrives, so nothing below it moves.
const W = 690;
const H = 280;

/**
 * Swipeable promotion banners (CSS scroll snapping); with data saver on, images wait for a tap.
 * The image carries no text: the banner's title is written over it in the user's language, so one
 * image serves every language.
 */
export function Banners({ items }: { items: BannerItem[] | null }) {
  const [images, setImages] = useState(() => !saveData());
  if (items && !items.length) return null;
  return (
    <div className="bn">
      {!items ? (
        <i className="bn-s sk" />
      ) : !images ? (
        <button type="button" className="bn-s bn-tap" onClick={() => setImages(true)}>
          <span>{t('home.showImages')}</span>
        </button>
      ) : (
        items.map((b, i) => (
          <a key={b.id} className="bn-s" href={b.link || undefined} onClick={b.link ? follow : undefined}>
            {/* The first is in view at once (often the screen's largest paint): asked for before other
                images. Only the others wait to be scrolled to. */}
            <img src={b.image} alt="" width={W} height={H} loading={i ? 'lazy' : 'eager'} fetchPriority={i ? undefined : 'high'} decoding="async" />
            <span className="bn-t">{b.title}</span>
          </a>
        ))
      )}
    </div>
  );
}
