import { useCallback, useId, useState } from 'react';
import { notify } from '../ui/toaster';

type FormErrorState<F extends string> = { message: string; fields: readonly F[] };

/**
 * The one way the sign-in forms report a rejected submit, so all four behave alike:
 * an error toast (announced by the toast region), the same message kept beside the submit button
 * (`<FormError id={errorId} … />`), and the fields it is about marked invalid and described by it.
 */
export function useFormError<F extends string>() {
  const [error, setError] = useState<FormErrorState<F> | null>(null);
  const errorId = useId();

  const fail = useCallback((message: string, fields: readonly F[]) => {
    setError({ message, fields });
    notify('error', message);
  }, []);
  const clear = useCallback(() => setError(null), []);

  const isInvalid = (field: F) => error?.fields.includes(field) ?? false;
  /** Props for a field's `Field.Root` and its input; `hintId` keeps a helper text in the description. */
  const fieldProps = (field: F, hintId?: string) => {
    const invalid = isInvalid(field);
    return {
      invalid,
      describedBy: invalid ? [errorId, hintId].filter(Boolean).join(' ') : hintId,
    };
  };

  return { message: error?.message ?? null, errorId, fail, clear, fieldProps };
}
