import { HStack, Progress, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export type ProgressBarProps = {
  /** 0-100. */
  percent: number;
  /** The bar's accessible name, and the visible label unless `caption` replaces it. */
  label: string;
  /** What the line above the bar says on the left (default: the label). */
  caption?: ReactNode;
  /** What it says on the right (default: "N%"). */
  valueText?: ReactNode;
  /** Announce changes of the caption (a bar that follows the learner's ticks). */
  live?: boolean;
  size?: 'sm' | 'md';
  palette?: string;
};

/** A labelled progress bar: caption and value above, the bar below. The one the app uses. */
export function ProgressBar({ percent, label, caption, valueText, live = false, size = 'md', palette = 'brand' }: ProgressBarProps) {
  return (
    <Progress.Root value={percent} colorPalette={palette} size={size}>
      <HStack justify="space-between" mb="2" gap="3" wrap="wrap">
        <Text fontSize="sm" color="fg.muted" aria-live={live ? 'polite' : undefined}>
          {caption ?? label}
        </Text>
        <Text fontSize="sm" fontWeight="semibold" color="brand.fg">
          {valueText ?? `${percent}%`}
        </Text>
      </HStack>
      <Progress.Track aria-label={label} rounded="full">
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}
