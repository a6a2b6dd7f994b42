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
  return (
    <div className="tabs" role="tablist">
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
