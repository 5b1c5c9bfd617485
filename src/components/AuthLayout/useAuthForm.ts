import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { notify } from '../ui/toaster';

/** A rejected submit: the sentence, and the fields it is about. */
export type FormProblem<F extends string> = { message: string; fields: readonly F[] };

export type AuthFormOptions<V extends Record<string, string>> = {
  /** The fields' values when the form opens. */
  initial: V;
  /** The form's checks, in the product's order: the first problem, or null when it may be sent. */
  validate(values: V): FormProblem<keyof V & string> | null;
  /** While true, a submit does nothing (the button shows it is busy). */
  isSubmitting: boolean;
  /** Called with values that passed `validate` (the screen trims and picks what it sends). */
  onValid(values: V): void;
};

/**
 * The one form of the four sign-in screens (sign in, create account, forgot and reset password):
 * the fields' values, their change handlers, and a submit that checks before anything is sent.
 * A rejected submit is reported the same way on all four: an error toast (announced by the toast
 * region), the same message kept beside the submit button (`<FormError id={errorId} … />`), and
 * the fields it is about marked invalid and described by it. Local state only: the screen stays
 * props in, callbacks out.
 */
export function useAuthForm<V extends Record<string, string>>({ initial, validate, isSubmitting, onValid }: AuthFormOptions<V>) {
  type F = keyof V & string;
  const [values, setValues] = useState<V>(initial);
  const [error, setError] = useState<FormProblem<F> | null>(null);
  const errorId = useId();

  const change = (name: F) => (event: ChangeEvent<HTMLInputElement>) => {
    // Read now, not in the updater: by the time it runs, React may have reset the element.
    const { value } = event.target;
    setValues((current) => ({ ...current, [name]: value }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    const problem = validate(values);
    if (problem) {
      setError(problem);
      notify('error', problem.message);
      return;
    }
    setError(null);
    onValid(values);
  };

  /** Props for a field's `Field.Root` and its input; `hintId` keeps a helper text in the description. */
  const fieldProps = (field: F, hintId?: string) => {
    const invalid = error?.fields.includes(field) ?? false;
    return {
      invalid,
      describedBy: invalid ? [errorId, hintId].filter(Boolean).join(' ') : hintId,
    };
  };

  return { values, change, submit, fieldProps, message: error?.message ?? null, errorId };
}
