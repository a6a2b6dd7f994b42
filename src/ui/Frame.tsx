// First-load path: App shows it while a screen's chunk is on its way.
import { t } from '../i18n/index.ts';
import { Page } from './Page.tsx';
import { Skeleton } from './Skeleton.tsx';

interface Props {
  /** Route name: the title is `route.<name>`. */
  name: string;
  kind: 'lines' | 'rows' | 'form';
  /** Form frames: `field.<name>` keys of the fields the screen will ask for. */
  fields?: string[];
  /** Tab screens have no back button. */
  tab?: boolean;
  /** Said above the placeholder, e.g. that the screen waits for the network. */
  note?: string;
}

/**
 * The frame of a screen whose feature has not landed: its real title bar and the shape of its
 * content while it loads, so navigation and transitions already behave as they will.
 */
export function Frame({ name, kind, fields, tab, note }: Props) {
  return (
    <Page title={t('route.' + name)} back={!tab}>
      {note && <p className="frame-note" role="status">{note}</p>}
      <Skeleton kind={kind} labels={fields && fields.map((f) => t('field.' + f))} />
    </Page>
  );
}
