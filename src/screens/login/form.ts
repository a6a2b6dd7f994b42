import { useRef, useState } from 'react';
import { t } from '../../i18n/index.ts';
import { AUTH_DEBOUNCE_MS, debounce } from '../../lib/debounce.ts';
import type { Invalid } from '../../lib/validators.ts';
import { ApiError } from '../../api/client.ts';
import { notify } from '../../stores/notify.ts';

type Rules<V> = { [K in keyof V]?: (value: string, all: V) => Invalid };

/**
 * Form state of the auth and account screens: values as typed (never cleared by a failure), the
 * message under each field once the user has tried to submit, and a submit that runs at most once
 * per `ms` (SPEC §5: 300 ms for sign-in, 500 ms for password changes) and only when every rule passes.
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
    return out;
  };

  const set = (k: keyof V) => (value: string) => {
    const next = { ...latest.current, [k]: value };
    latest.current = next;
    setValues(next);
    if (tried.current) setErrors(check(next));
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
        .catch((e) => e instanceof ApiError || notify(t('err.network')))
        .finally(() => setBusy(false));
    }, ms),
  );

  const onSubmit = (e: { preventDefault(): void }) => {
    e.preventDefault();
    submitRef.current();
  };

  return { values, errors, busy, set, onSubmit };
}
