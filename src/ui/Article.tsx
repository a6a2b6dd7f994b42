import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { $app } from '../stores/app.ts';
import { t } from '../i18n/index.ts';
import { Page } from './Page.tsx';

/** A static text screen: `screen.<name>.body` paragraphs (blank-line separated) with the platform name filled in. */
export function Article({ name, children }: { name: string; children?: ReactNode }) {
  const appName = useStore($app).appName;
  const body = t('screen.' + name + '.body', { name: appName || t('ui.platform') });
  return (
    <Page title={t('route.' + name)}>
      <article className="article">
        {body.split('\n\n').map((p, i) => <p key={i}>{p}</p>)}
      </article>
      {children}
    </Page>
  );
}
