import { forwardRef, useState } from 'react';
import { IconButton, Input, InputGroup, type InputProps, useFieldContext } from '@chakra-ui/react';
import { Eye, EyeOff } from 'lucide-react';

export type PasswordInputProps = Omit<InputProps, 'type'> & {
  /** Start with the password shown (stories; a learner always starts with it hidden). */
  defaultVisible?: boolean;
};

/**
 * A password field with a show/hide toggle.
 *
 * Use it inside `Field.Root` like `Input`: the label, `required`, `invalid` and `disabled` come from
 * the field. The toggle is a real button (keyboard and screen reader reachable) whose name says what
 * pressing it does and whose `aria-pressed` says whether the password is shown; it never submits the
 * form and focus stays on it, so a keyboard user can toggle and tab back.
 */
export const PasswordInput = forwardRef<HTMLInputElement, PasswordInputProps>(function PasswordInput({ defaultVisible = false, ...rest }, ref) {
  const [visible, setVisible] = useState(defaultVisible);
  const field = useFieldContext();
  const isDisabled = Boolean(rest.disabled ?? field?.disabled);
  return (
    <InputGroup
      endElement={
        <IconButton
          type="button"
          variant="ghost"
          size="sm"
          // Sits on the input's edge: a slightly smaller hit area than a full button, still ≥ 32 px.
          me="-1.5"
          color="fg.muted"
          _hover={{ color: 'fg', bg: 'bg.muted' }}
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-pressed={visible}
          aria-controls={field?.ids.control}
          disabled={isDisabled}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
        </IconButton>
      }
    >
      <Input
        ref={ref}
        {...rest}
        type={visible ? 'text' : 'password'}
        // A shown password must not be auto-corrected or auto-capitalised by phones.
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
      />
    </InputGroup>
  );
});
