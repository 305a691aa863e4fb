import { type RefObject, useEffect } from 'react';

/**
 * After a refused submit, moves focus to the first field marked invalid, so a keyboard or screen-reader user
 * lands on the problem (its message is read with it through aria-describedby). `errors` is the form's errors
 * object: a new one is a new refusal.
 */
export function useFocusFirstError(form: RefObject<HTMLFormElement | null>, errors: object) {
  useEffect(() => {
    if (!errors) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [form, errors]);
}
