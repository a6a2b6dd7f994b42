import { useEffect, useRef } from 'react';

export interface TabItem<K extends string> {
  key: K;
  label: string;
}

interface Props<K extends string> {
  items: readonly TabItem<K>[];
  value: K;
  onChange: (key: K) => void;
}

/** A row of filter tabs (order status, holdings filter…); scrolls sideways when the labels are long. */
export function Tabs<K extends string>({ items, value, onChange }: Props<K>) {
  const row = useRef<HTMLDivElement>(null);
  // The chosen tab (also one opened from a link) is never left half off the edge of a narrow
  // screen. Only the row scrolls, in screen coordinates, so it works the same right-to-left.
  // Measured in the frame's own layout: in the task that mounts a screen it forced one of the whole
  // screen, 24–48 ms of the quote screen's first render on a slow phone.
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const r = row.current;
      const on = r && r.querySelector('[aria-selected=true]');
      if (!r || !on) return;
      const box = r.getBoundingClientRect();
      const tab = on.getBoundingClientRect();
      const by = tab.left < box.left ? tab.left - box.left : tab.right > box.right ? tab.right - box.right : 0;
      if (by) r.scrollBy(by, 0);
    });
    return () => cancelAnimationFrame(frame);
  }, [value]);
  return (
    <div className="tabs" role="tablist" ref={row}>
      {items.map((it) => (
        <button
          key={it.key}
          type="button"
          role="tab"
          aria-selected={it.key === value}
          onClick={() => it.key !== value && onChange(it.key)}
        >
          {it.label}
        </button>
      ))}
    </div>
  );
}
