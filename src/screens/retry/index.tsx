// First-load path: shown when a start-up call fails, so it cannot be a chunk that may not arrive.
export interface RetryTexts {
  title: string;
  hint: string;
  retry: string;
  /** What went wrong, when the locale file arrived to say it. */
  reason?: string;
  /** Set for the bundled English texts, so a right-to-left page still lays them out left to right. */
  lang?: string;
}

/** The boot failure screen: what happened and one way out. */
export default function Retry({ title, hint, retry, reason, lang }: RetryTexts) {
  return (
    <div className="app">
      <main className="retry" role="alert" lang={lang} dir={lang && 'ltr'}>
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
