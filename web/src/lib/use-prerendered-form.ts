import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * For a form that may arrive prerendered (web/scripts/prerender.ts): returns false until React
 * runs the form, then true. What a visitor typed (or the browser autofilled) before that is kept
 * in the fields by React but not reported (React 19 does not replay those changes), so it is
 * handed to `adopt` once, by field name.
 *
 * Both happen in one state update on purpose: a re-render that enabled the buttons before the
 * typed values reached the form's state would also write those still-empty values into the
 * fields, and a tap in that moment would find an empty form.
 */
export function usePrerenderedForm(form: RefObject<HTMLFormElement | null>, adopt: (values: Record<string, string>) => void): boolean {
  const [started, setStarted] = useState(false);
  // Only what was there when the form started: later renders' callbacks are not needed.
  const adoptOnce = useRef(adopt);
  useEffect(() => {
    if (form.current) {
      const typed: Record<string, string> = {};
      for (const [name, value] of new FormData(form.current)) {
        if (typeof value === 'string' && value !== '') typed[name] = value;
      }
      if (Object.keys(typed).length > 0) adoptOnce.current(typed);
    }
    setStarted(true);
  }, [form]);
  return started;
}
