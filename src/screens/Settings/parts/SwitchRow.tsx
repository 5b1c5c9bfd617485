import { useEffect, useId, useRef } from 'react';
import { Stack, Switch, Text, VisuallyHidden } from '@chakra-ui/react';

export type SwitchRowProps = {
  label: string;
  description: string;
  checked: boolean;
  onCheckedChange(checked: boolean): void;
  /** Read before the label by screen readers only: the kind a short label is about ("Streak at risk by " + "Email"). */
  hiddenPrefix?: string;
  /** Greyed out and not clickable (its description says why). */
  disabled?: boolean;
  /** The description changes on its own (an answer arrived): read it out when it does. */
  live?: boolean;
};

/** A labelled toggle with a line of help text; the whole row toggles it. */
export function SwitchRow({ label, description, checked, onCheckedChange, hiddenPrefix, disabled = false, live = false }: SwitchRowProps) {
  const descriptionId = useId();
  const input = useRef<HTMLInputElement>(null);
  const latest = useRef(checked);
  useEffect(() => {
    latest.current = checked;
  });
  return (
    <Switch.Root
      checked={checked}
      disabled={disabled}
      onCheckedChange={(details) => {
        onCheckedChange(details.checked);
        // Checked only as the prop says: when the owner does not take the click (push waits for
        // the browser's answer), the box goes back to what it shows, for screen readers too.
        requestAnimationFrame(() => {
          if (input.current) input.current.checked = latest.current;
        });
      }}
      colorPalette="brand"
      display="flex"
      w="full"
      justifyContent="space-between"
      alignItems="center"
      gap="4"
      py="3"
      cursor={disabled ? 'not-allowed' : 'pointer'}
    >
      <Switch.HiddenInput ref={input} aria-describedby={descriptionId} />
      {/* Spans: the row is a <label>, which holds phrasing content only (no <div>, no <p>). */}
      <Stack as="span" gap="0.5" minW="0">
        {/* Readable when disabled too: the description says why it cannot be switched. */}
        <Switch.Label fontWeight="medium" color="fg" fontSize="sm" _disabled={{ opacity: 1 }}>
          {hiddenPrefix ? <VisuallyHidden>{hiddenPrefix}</VisuallyHidden> : null}
          {label}
        </Switch.Label>
        <Text as="span" id={descriptionId} color="fg.muted" fontSize="sm" aria-live={live ? 'polite' : undefined}>
          {description}
        </Text>
      </Stack>
      <Switch.Control flexShrink={0} bg="gray.500" _checked={{ bg: 'colorPalette.solid' }}>
        <Switch.Thumb />
      </Switch.Control>
    </Switch.Root>
  );
}
