// First-load path: screen-shaped placeholders shown while data loads.

interface Props {
  /** lines: paragraphs of text; rows: list rows (left title/date, right amount); form: labelled inputs and a button. */
  kind: 'lines' | 'rows' | 'form';
  /** Lines, rows or form fields to draw. */
  count?: number;
}

export function Skeleton({ kind, count = kind === 'rows' ? 8 : 4 }: Props) {
  const n = Array.from({ length: count }, (_, i) => i);
  if (kind === 'lines') {
    return (
      <div className="pad" aria-busy="true">
        {n.map((i) => <i key={i} className="sk" style={{ width: i === count - 1 ? '60%' : '100%' }} />)}
      </div>
    );
  }
  if (kind === 'rows') {
    return (
      <div aria-busy="true">
        {n.map((i) => (
          <div key={i} className="sk-row">
            <div><i className="sk" style={{ width: '55%' }} /><i className="sk" style={{ width: '35%' }} /></div>
            <i className="sk" style={{ width: 72 }} />
          </div>
        ))}
      </div>
    );
  }
  return (
    <div className="sk-form" aria-busy="true">
      {n.map((i) => (
        <div key={i} className="sk-f">
          <i className="sk" style={{ width: 90 }} />
          <i className="sk sk-in" />
        </div>
      ))}
      <i className="sk sk-btn" />
    </div>
  );
}
