import { useId } from 'react';
import { Stack, Switch, Text } from '@chakra-ui/react';

export type SwitchRowProps = {
  label: string;
  description: string;
  checked: boolean;
  onCheckedChange(checked: boolean): void;
};

/** A labelled toggle with a line of help text; the whole row toggles it. */
export function SwitchRow({ label, description, checked, onCheckedChange }: SwitchRowProps) {
  const descriptionId = useId();
  return (
    <Switch.Root
      checked={checked}
      onCheckedChange={(details) => onCheckedChange(details.checked)}
      colorPalette="brand"
      display="flex"
      w="full"
      justifyContent="space-between"
      alignItems="center"
      gap="4"
      py="3"
      cursor="pointer"
    >
      <Switch.HiddenInput aria-describedby={descriptionId} />
      {/* Spans: the row is a <label>, which holds phrasing content only (no <div>, no <p>). */}
      <Stack as="span" gap="0.5" minW="0">
        <Switch.Label fontWeight="medium" color="fg" fontSize="sm">
          {label}
        </Switch.Label>
        <Text as="span" id={descriptionId} color="fg.muted" fontSize="sm">
          {description}
        </Text>
      </Stack>
      <Switch.Control flexShrink={0} bg="gray.500" _checked={{ bg: 'colorPalette.solid' }}>
        <Switch.Thumb />
      </Switch.Control>
    </Switch.Root>
  );
}
