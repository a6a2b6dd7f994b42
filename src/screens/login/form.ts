import { useRef, useState } from 'react';
import { t } from '../../i18n/index.ts';
import { AUTH_DEBOUNCE_MS, debounce } from '../../lib/debounce.ts';
import type { Invalid } from '../../lib/validators.ts';
import { ApiError } from '../../api/client.ts';
import { closeNotify, notify } from '../../stores/notify.ts';

type Rules<V> = { [K in keyof V]?: (value: string, all: V) => Invalid };

/**
 * Form state of the auth and account screens: values as typed (never cleared by a failure), the
 * message under each field once the user has tried to submit, and a submit that runs at most once
 * per `ms` (docs/rules.md#sign-up-and-sign-in: 300 ms for sign-in, 500 ms for password changes) and only when every rule passes.
 * A server reason about one field ("Original password is incorrect") is shown under that field and
 * only while it holds the value the server refused: an error belongs to the value that caused it.
 */
export function useForm<V extends Record<string, string>>(
  initial: V,
  rules: Rules<V>,
  action: (v: V) => Promise<unknown>,
  ms = AUTH_DEBOUNCE_MS,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof V, string>>>({});
  const [busy, setBusy] = useState(false);
  const tried = useRef(false);
  /** The server's reason per field, with the value it was about. */
  const refused = useRef<Partial<Record<keyof V, { value: string; text: string }>>>({});
  const latest = useRef(values);
  latest.current = values;
  // The debounced submit is created once; rules and action may change with the screen's state.
  const current = useRef({ rules, action });
  current.current = { rules, action };

  const check = (v: V) => {
    const out: Partial<Record<keyof V, string>> = {};
    const r = current.current.rules;
    for (const k in r) {
      const key = r[k]!(v[k], v);
      if (key) out[k] = t(key);
    }
    for (const k in refused.current) {
      const was = refused.current[k]!;
      if (was.value !== v[k]) delete refused.current[k];
      else if (!out[k]) out[k] = was.text;
    }
    return out;
  };

  const set = (k: keyof V) => (value: string) => {
    const next = { ...latest.current, [k]: value };
    latest.current = next;
    setValues(next);
    if (tried.current || refused.current[k]) setErrors(check(next));
  };

  /** A refusal about one of this form's fields moves from the banner to under that field. */
  const place = (e: unknown, v: V): boolean => {
    const field = e instanceof ApiError && e.kind === 'server' ? e.params?.field : undefined;
    if (typeof field !== 'string' || !(field in v)) return false;
    const k = field as keyof V;
    refused.current[k] = { value: v[k], text: (e as ApiError).message };
    closeNotify();
    setErrors(check(latest.current));
    return true;
  };

  const submitRef = useRef(
    debounce(() => {
      tried.current = true;
      const v = latest.current;
      const e = check(v);
      setErrors(e);
      if (Object.keys(e).length) return;
      setBusy(true);
      // The client has already shown its failures; anything else here is code that could not be
      // downloaded (offline). Either way the form keeps what was typed.
      current.current
        .action(v)
        .catch((e) => place(e, v) || e instanceof ApiError || notify(t('err.network')))
        .finally(() => setBusy(false));
    }, ms),
  );

  const onSubmit = (e: { preventDefault(): void }) => {
    e.preventDefault();
    submitRef.current();
  };

  return { values, errors, busy, set, onSubmit };
}
