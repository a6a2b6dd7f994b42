import { useEffect, useState } from 'react';
import { local } from '../../lib/storage.ts';

/** Home's lists that came back empty on this phone the last time (an operator may leave one empty). */
const KEY = 'homeEmpty';

/**
 * A content list home asks for after its first render, fetched once per mount: null while it
 * loads, and home then holds its box so nothing below moves when it comes; empty when it could
 * not come or has nothing. A list that was empty the last time is taken as empty until it
 * answers otherwise, so a list an operator leaves empty does not give its box up on every load.
 * A failed call says nothing of the list and is not kept.
 */
export function useLateList<T>(name: string, load: () => Promise<T[]>): T[] | null {
  const [items, setItems] = useState<T[] | null>(() => (local.get<string[]>(KEY, []).includes(name) ? [] : null));
  useEffect(() => {
    let live = true;
    load().then(
      (list) => {
        const others = local.get<string[]>(KEY, []).filter((n) => n !== name);
        local.set(KEY, list.length ? others : [...others, name]);
        if (live) setItems(list);
      },
      () => live && setItems([]),
    );
    return () => {
      live = false;
    };
  }, [name, load]);
  return items;
}
