import { useEffect } from 'react';
import { Box, CloseButton, Flex, HStack, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { Award } from 'lucide-react';
import { animate, domAnimation, LazyMotion, m, useMotionValue, useReducedMotion, useTransform } from 'framer-motion';
import { formatNumber, formatXp } from '../../domain/format';
import type { XpMomentView } from '../../domain/xpViews';

export type XpMomentProps = {
  /** Total XP before and after what was just earned. */
  fromXp: number;
  toXp: number;
  /** The level before and after: a higher `toLevel` is a level-up. */
  fromLevel: number;
  toLevel: number;
  /** Badges earned with it (each shown with its name). */
  badges?: XpMomentView['badges'];
  /** Hide the moment (a close button is shown when given). */
  onDismiss?(): void;
};

const COUNT_SECONDS = 1.2;

/**
 * XP earned, counted up, and a level reached: a small inline moment (never a dialog, so it never
 * blocks input). With reduced motion the end state shows at once. framer-motion lives only in
 * this component's chunk (LazyMotion with the DOM animations only), too heavy for pages that never
 * show the moment: load it through `LazyXpMoment`.
 */
export function XpMoment({ fromXp, toXp, fromLevel, toLevel, badges = [], onDismiss }: XpMomentProps) {
  const reduce = useReducedMotion() ?? false;
  const gained = Math.max(0, toXp - fromXp);
  const levelUp = toLevel > fromLevel;
  const count = useMotionValue(reduce ? gained : 0);
  const shown = useTransform(count, (value) => formatNumber(Math.round(value)));

  useEffect(() => {
    if (reduce) {
      count.set(gained);
      return undefined;
    }
    const controls = animate(count, gained, { duration: COUNT_SECONDS, ease: 'easeOut' });
    return () => controls.stop();
  }, [count, gained, reduce]);

  const earnedBadges = badges.length > 0 ? ` Badge earned: ${badges.map((b) => b.title).join(', ')}.` : '';
  const sentence = `${
    levelUp ? `You earned ${formatXp(gained)} and reached level ${toLevel}.` : `You earned ${formatXp(gained)}.`
  } ${formatXp(toXp)} in total.${earnedBadges}`;

  return (
    <LazyMotion features={domAnimation} strict>
      <Box
        role="status"
        position="relative"
        rounded="xl"
        borderWidth="1px"
        borderColor="brand.muted"
        bg="brand.subtle"
        p={{ base: '4', md: '5' }}
        pe={onDismiss ? '12' : undefined}
      >
        <VisuallyHidden>{sentence}</VisuallyHidden>
        <HStack gap="4" align="center" aria-hidden="true">
          <m.div
            initial={reduce ? false : { scale: 0.4, opacity: 0 }}
            animate={{ scale: 1, opacity: 1 }}
            transition={{ type: 'spring', stiffness: 260, damping: 14, delay: levelUp ? COUNT_SECONDS * 0.6 : 0 }}
            style={{ flexShrink: 0 }}
          >
            <Stack align="center" justify="center" gap="0" boxSize="16" rounded="full" bg="brand.solid" color="brand.contrast" lineHeight="1">
              <Text fontSize="xs" fontWeight="medium">
                Level
              </Text>
              <Text fontSize="2xl" fontWeight="bold" fontVariantNumeric="tabular-nums">
                {toLevel}
              </Text>
            </Stack>
          </m.div>
          <Stack gap="0.5" minW="0">
            <Text fontWeight="semibold" fontSize="lg" color="fg">
              {levelUp ? `Level ${toLevel} reached` : 'XP earned'}
            </Text>
            <Text fontSize="2xl" fontWeight="bold" color="brand.fg" fontVariantNumeric="tabular-nums" lineHeight="short">
              +<m.span>{shown}</m.span> XP
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {formatXp(toXp)} in total
            </Text>
          </Stack>
        </HStack>
        {badges.length > 0 ? (
          <Flex wrap="wrap" gap="2" mt="4" aria-hidden="true">
            {badges.map((badge, index) => (
              <m.div
                key={badge.id}
                initial={reduce ? false : { scale: 0.6, opacity: 0 }}
                animate={{ scale: 1, opacity: 1 }}
                transition={{ type: 'spring', stiffness: 300, damping: 16, delay: COUNT_SECONDS + index * 0.15 }}
              >
                <HStack gap="2" rounded="full" bg="surface" borderWidth="1px" borderColor="brand.muted" ps="1.5" pe="3" py="1">
                  <Stack align="center" justify="center" boxSize="6" rounded="full" bg="brand.solid" color="brand.contrast">
                    <Award size={14} aria-hidden="true" />
                  </Stack>
                  <Text fontSize="sm" fontWeight="medium" color="fg">
                    Badge earned: {badge.title}
                  </Text>
                </HStack>
              </m.div>
            ))}
          </Flex>
        ) : null}
        {onDismiss ? <CloseButton size="sm" position="absolute" top="2" insetEnd="2" aria-label="Dismiss" onClick={onDismiss} /> : null}
      </Box>
    </LazyMotion>
  );
}
