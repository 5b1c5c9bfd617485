import { Badge, Box, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { Check } from 'lucide-react';
import { plans, popularLabel, type PricingPlan } from '../sections.content';
import { Section } from './Section';
import { LinkButton } from '../../../components/LinkButton/LinkButton';

function PlanCard({ plan }: { plan: PricingPlan }) {
  const { title, price, duration, features, buttonText, highlighted } = plan;
  const titleId = `plan-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <Box
      as="article"
      aria-labelledby={titleId}
      position="relative"
      display="flex"
      flexDirection="column"
      gap="6"
      bg="surface"
      rounded="2xl"
      p={{ base: '5', md: '8' }}
      borderWidth={highlighted ? '2px' : '1px'}
      borderColor={highlighted ? 'brand.solid' : 'border'}
      boxShadow={highlighted ? 'xl' : 'xs'}
      transform={{ lg: highlighted ? 'scale(1.03)' : undefined }}
    >
      <Stack gap="3">
        <HStack justify="space-between" align="center" minH="7">
          <Heading as="h3" id={titleId} size="lg" letterSpacing="-0.01em">
            {title}
          </Heading>
          {highlighted && (
            <Badge colorPalette="brand" variant="solid" rounded="full" px="3" size="md">
              {popularLabel}
            </Badge>
          )}
        </HStack>
        <Text>
          <Box as="span" fontSize="5xl" fontWeight="800" letterSpacing="-0.04em" lineHeight="1">
            {price}
          </Box>
          <Box as="span" color="fg.muted" fontSize="md" ms="1">
            /{duration}
          </Box>
        </Text>
      </Stack>
      <Stack as="ul" listStyleType="none" gap="3" flex="1" aria-label={`${title} includes`}>
        {features.map((feature) => (
          <HStack as="li" key={feature} gap="3" align="flex-start">
            <Box flexShrink={0} mt="0.5" display="flex" alignItems="center" justifyContent="center" boxSize="5" rounded="full" bg="brand.muted" color="brand.fg">
              <Check size={13} strokeWidth={3} aria-hidden="true" />
            </Box>
            <Text>{feature}</Text>
          </HStack>
        ))}
      </Stack>
      <LinkButton
        asChild
        colorPalette="brand"
        variant={highlighted ? 'solid' : 'outline'}
        borderColor={highlighted ? undefined : 'brand.border'}
        size="lg"
        width="full"
      >
        <RouterLink to="/register">{buttonText}</RouterLink>
      </LinkButton>
    </Box>
  );
}

/** Pricing: Starter, Pro Developer (Most Popular) and Mentor Plus. */
export function Pricing() {
  return (
    <Section
      id="pricing"
      eyebrow="Pricing"
      title="Simple pricing that grows with you"
      description="Start free, upgrade when you’re ready. No credit card required to begin."
      bg="surface"
    >
      <SimpleGrid columns={{ base: 1, lg: 3 }} gap={{ base: '6', lg: '8' }} alignItems="stretch" maxW={{ base: 'md', lg: '6xl' }} mx="auto">
        {plans.map((plan) => (
          <PlanCard key={plan.title} plan={plan} />
        ))}
      </SimpleGrid>
    </Section>
  );
}
