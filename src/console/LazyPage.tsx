/** A page loaded when first opened: "loading" until its chunk arrives, the failure if it cannot. */
import { useEffect, useState, type ComponentType } from 'react';
import { t } from './i18n.ts';

export interface PageProps {
  version: number;
  /** A queue page calls it after a decision, so the tabs' counts are read again. */
  onChanged?: () => void;
  /** The item the address names (`#tab/item`): a page opens it. */
  item?: string;
}

type Module = { default: ComponentType<PageProps> };

export function LazyPage({ load, ...props }: { load: () => Promise<Module> } & PageProps) {
  const [Page, setPage] = useState<ComponentType<PageProps> | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    load().then((m) => setPage(() => m.default), () => setFailed(true));
  }, [load]);
  if (Page) return <Page {...props} />;
  return <p className="muted">{t(failed ? 'err.network' : 'loading')}</p>;
}
