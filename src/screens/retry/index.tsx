// First-load path: shown when a start-up call fails, so it cannot be a chunk that may not arrive.
export interface RetryTexts {
  title: string;
  hint: string;
  retry: string;
  /** What went wrong, when the locale file arrived to say it. */
  reason?: string;
}

/** The boot failure screen: what happened and one way out. */
export default function Retry({ title, hint, retry, reason }: RetryTexts) {
  return (
    <div className="app">
      <main className="retry" role="alert">
        <h1>{title}</h1>
        {reason && <p>{reason}</p>}
        <p className="muted">{hint}</p>
        <button type="button" className="btn block" onClick={() => location.reload()}>
          {retry}
        </button>
      </main>
    </div>
  );
}
