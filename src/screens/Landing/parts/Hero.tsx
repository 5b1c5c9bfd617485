import type { MouseEvent } from 'react';
import { Badge, Box, Container, Flex, Heading, HStack, SimpleGrid, Stack, Text, Theme, Wrap } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { ArrowRight, CircleCheck, PlayCircle, Sparkles } from 'lucide-react';
import { overviewId, stats, technologies } from '../sections.content';
import { hrefOf } from './useSectionNav';
import { LinkButton } from '../../../components/LinkButton/LinkButton';

type HeroProps = { anchorClick(id: string): (event: MouseEvent<HTMLAnchorElement>) => void };

/**
 * The first screen: what PathForge is, the two calls to action, the headline numbers and technologies.
 * Always on the dark brand gradient (in both colour modes), like the sign-in screens' brand panel.
 */
export function Hero({ anchorClick }: HeroProps) {
  return (
    <Theme
      appearance="dark"
      hasBackground={false}
      as="section"
      aria-labelledby="hero-title"
      colorPalette="brand"
      position="relative"
      overflow="hidden"
      color="fg"
      bgGradient="to-br"
      gradientFrom="brand.950"
      gradientVia="brand.900"
      gradientTo="brand.950"
      pt={{ base: '28', md: '36' }}
      pb={{ base: '16', md: '24' }}
    >
      {/* A soft glow behind the headline; decoration only. */}
      <Box
        aria-hidden="true"
        position="absolute"
        top="-10rem"
        right="-10rem"
        boxSize="36rem"
        rounded="full"
        bg="brand.600"
        opacity="0.25"
        filter="blur(120px)"
        pointerEvents="none"
      />
      <Container position="relative" maxW="7xl" px={{ base: '4', md: '6', lg: '8' }}>
        <Stack gap={{ base: '12', md: '16' }}>
          <Stack gap="6" maxW="3xl" mx="auto" textAlign="center" align="center">
            <Badge size="lg" variant="subtle" rounded="full" px="3" bg="whiteAlpha.100" color="brand.100" borderWidth="1px" borderColor="whiteAlpha.200">
              <Sparkles size={14} aria-hidden="true" /> Project-based learning for developers
            </Badge>
            <Heading
              as="h1"
              id="hero-title"
              fontSize={{ base: '4xl', sm: '5xl', lg: '6xl' }}
              lineHeight="1.08"
              letterSpacing="-0.035em"
              fontWeight="800"
              color="white"
            >
              Learn software development by{' '}
              <Box as="span" color="brand.300">
                building real projects
              </Box>
            </Heading>
            <Text fontSize={{ base: 'lg', md: 'xl' }} color="brand.100" maxW="2xl">
              Follow guided learning paths, build real-world projects with code reviews, and track every step of your progress with XP, levels, streaks and badges.
            </Text>
            <Stack direction={{ base: 'column', sm: 'row' }} gap="3" w={{ base: 'full', sm: 'auto' }} pt="2">
              <LinkButton asChild size="xl" colorPalette="brand" bg="brand.300" color="brand.950" _hover={{ bg: 'brand.200' }}>
                <RouterLink to="/register">
                  Start Free Trial <ArrowRight aria-hidden="true" />
                </RouterLink>
              </LinkButton>
              <LinkButton asChild size="xl" variant="outline" color="white" borderColor="whiteAlpha.400" _hover={{ bg: 'whiteAlpha.100' }}>
                <a href={hrefOf(overviewId)} onClick={anchorClick(overviewId)}>
                  <PlayCircle aria-hidden="true" /> Watch Demo
                </a>
              </LinkButton>
            </Stack>
            <HStack gap="2" color="brand.100" fontSize="sm">
              <CircleCheck size={16} aria-hidden="true" />
              <Text>No credit card required. Start free today.</Text>
            </HStack>
          </Stack>

          <SimpleGrid as="dl" columns={{ base: 2, lg: 4 }} gap={{ base: '3', md: '4' }} maxW="5xl" w="full" mx="auto">
            {stats.map(({ value, label }) => (
              <Flex
                key={label}
                direction="column-reverse"
                align="center"
                gap="1"
                textAlign="center"
                rounded="2xl"
                bg="whiteAlpha.50"
                borderWidth="1px"
                borderColor="whiteAlpha.200"
                px="4"
                py={{ base: '5', md: '6' }}
              >
                <Text as="dt" fontSize="sm" color="brand.100">
                  {label}
                </Text>
                <Text as="dd" fontSize={{ base: '2xl', md: '3xl' }} fontWeight="bold" letterSpacing="-0.02em" color="white" lineHeight="short">
                  {value}
                </Text>
              </Flex>
            ))}
          </SimpleGrid>

          <Stack gap="4" align="center">
            <Text id="technologies-title" fontSize="sm" fontWeight="semibold" color="brand.100" textTransform="uppercase" letterSpacing="wider">
              Technologies you’ll use
            </Text>
            <Wrap as="ul" aria-labelledby="technologies-title" listStyleType="none" justify="center" gap="2">
              {technologies.map((name) => (
                <Box
                  as="li"
                  key={name}
                  px="3.5"
                  py="1.5"
                  rounded="full"
                  fontSize="sm"
                  fontWeight="medium"
                  color="white"
                  bg="whiteAlpha.100"
                  borderWidth="1px"
                  borderColor="whiteAlpha.200"
                >
                  {name}
                </Box>
              ))}
            </Wrap>
          </Stack>
        </Stack>
      </Container>
    </Theme>
  );
}
