import { type FormEvent, useRef, useState } from 'react';
import { type FormErrors, formErrorsFrom, noFormErrors } from '../lib/form-errors';
import { useFocusFirstError } from './use-focus-first-error';

/**
 * A form of one required text, such as a ticket's reply or note: the text, its errors (focused when shown), a
 * submit that refuses blank text before asking the API, and the mapping of the API's refusal onto the field.
 */
export function useTextForm<F extends string>(field: F, blankMessage: string) {
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<FormErrors<F>>(noFormErrors);
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, errors);

  /** Calls `send` with the trimmed text, or marks the field when there is none. */
  const submit = (event: FormEvent, send: (text: string) => void) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) {
      setErrors({ fields: { [field]: blankMessage } as Partial<Record<F, string>>, stale: false });
      return;
    }
    setErrors(noFormErrors);
    send(trimmed);
  };
  const refused = (error: unknown) =>
    setErrors(formErrorsFrom(error, { [field]: field } as Partial<Record<string, F>>));

  return { form, text, setText, errors, submit, refused };
}
