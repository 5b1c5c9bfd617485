import type { ReactNode, Ref } from 'react';
import { Box, Flex, Heading, HStack, Link, Stack, Text, Theme } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { ChartNoAxesCombined, MessageSquareCode, Route } from 'lucide-react';
import { Logo } from '../Logo/Logo';

export type AuthLayoutProps = {
  /** The page's one h1 ("Welcome back", "Create Account", ...). */
  title: string;
  subtitle?: ReactNode;
  /** The form or the state's message. */
  children: ReactNode;
  /** A line under the card, e.g. "Don’t have an account? Sign Up". */
  footer?: ReactNode;
  /** Lets a screen move focus to the heading when its state changes (e.g. "link sent"). */
  titleRef?: Ref<HTMLHeadingElement>;
};

/** What a learner gets: three of the product's marketing claims (all five are the landing page's Features). */
const promises = [
  { Icon: Route, text: 'Guided project workflows, from first commit to finished app' },
  { Icon: MessageSquareCode, text: 'Code reviews on the projects you build' },
  { Icon: ChartNoAxesCombined, text: 'XP, levels, streaks and badges that track your progress' },
] as const;

const stats = [
  { value: '50K+', label: 'active users' },
  { value: '10K+', label: 'projects completed' },
  { value: '1M+', label: 'lines of code' },
] as const;

function HomeLogoLink() {
  return (
    <Link asChild rounded="md" outlineOffset="4px" _hover={{ textDecoration: 'none' }}>
      <RouterLink to="/" aria-label="PathForge home">
        <Logo />
      </RouterLink>
    </Link>
  );
}

/**
 * The frame of every sign-in screen (login, register, forgot and reset password).
 *
 * From 1024 px: a brand panel on the left (always dark indigo, in both colour modes) and the card
 * on the right. Below that: the logo above a full-width card, nothing else competing with the form.
 */
export function AuthLayout({ title, subtitle, children, footer, titleRef }: AuthLayoutProps) {
  return (
    <Flex minH="100dvh" bg="page">
      <Theme
        appearance="dark"
        hasBackground={false}
        as="aside"
        aria-label="About PathForge"
        colorPalette="brand"
        display={{ base: 'none', lg: 'flex' }}
        flexDirection="column"
        justifyContent="space-between"
        gap="12"
        w="44%"
        maxW="36rem"
        flexShrink={0}
        bg="brand.950"
        color="fg"
        px="12"
        py="10"
        position="sticky"
        top="0"
        h="100dvh"
        minH="36rem"
      >
        <HomeLogoLink />
        <Stack gap="8" maxW="26rem">
          <Stack gap="4">
            <Text fontSize="sm" fontWeight="semibold" color="brand.fg" textTransform="uppercase" letterSpacing="wider">
              Project-based learning
            </Text>
            {/* Styled like a heading but a paragraph: the card's title stays the page's first heading. */}
            <Heading as="p" size="3xl" lineHeight="1.2" letterSpacing="-0.02em">
              Learn software development by building real projects.
            </Heading>
          </Stack>
          <Stack as="ul" gap="4" listStyleType="none">
            {promises.map(({ Icon, text }) => (
              <HStack as="li" key={text} alignItems="flex-start" gap="3" color="fg.muted">
                <Flex flexShrink={0} boxSize="8" align="center" justify="center" rounded="lg" bg="brand.900" color="brand.fg">
                  <Icon size={18} aria-hidden="true" />
                </Flex>
                <Text pt="1">{text}</Text>
              </HStack>
            ))}
          </Stack>
        </Stack>
        <HStack gap="8" borderTopWidth="1px" borderColor="border" pt="6">
          {stats.map(({ value, label }) => (
            <Stack key={label} gap="0">
              <Text fontSize="2xl" fontWeight="bold" lineHeight="short">
                {value}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {label}
              </Text>
            </Stack>
          ))}
        </HStack>
      </Theme>

      <Flex as="main" flex="1" direction="column" align="center" justify="center" px={{ base: '4', sm: '6' }} py={{ base: '6', md: '10' }}>
        <Box w="full" maxW="md">
          <Box display={{ lg: 'none' }} mb={{ base: '6', md: '8' }}>
            <HomeLogoLink />
          </Box>
          <Box
            bg="surface"
            borderWidth="1px"
            borderColor="border"
            rounded="2xl"
            boxShadow="sm"
            px={{ base: '5', sm: '8' }}
            py={{ base: '6', sm: '8' }}
            overflowWrap="anywhere"
          >
            <Stack gap="2" mb="6">
              <Heading as="h1" ref={titleRef} tabIndex={titleRef ? -1 : undefined} size="2xl" letterSpacing="-0.02em" _focus={{ outline: 'none' }}>
                {title}
              </Heading>
              {subtitle && <Text color="fg.muted">{subtitle}</Text>}
            </Stack>
            {children}
          </Box>
          {footer && (
            <Text mt="6" textAlign="center" color="fg.muted">
              {footer}
            </Text>
          )}
        </Box>
      </Flex>
    </Flex>
  );
}
