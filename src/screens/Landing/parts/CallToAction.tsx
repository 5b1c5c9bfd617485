import { Box, Container, Heading, HStack, Stack, Text, Theme } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { ArrowRight, CircleCheck } from 'lucide-react';
import { LinkButton } from '../../../components/LinkButton/LinkButton';

/** The closing call to action, on the same dark brand gradient as the hero. */
export function CallToAction() {
  return (
    <Box as="section" aria-labelledby="cta-title" pb={{ base: '14', md: '24' }}>
      <Container maxW="7xl" px={{ base: '4', md: '6', lg: '8' }}>
        <Theme
          appearance="dark"
          hasBackground={false}
          colorPalette="brand"
          position="relative"
          overflow="hidden"
          rounded="3xl"
          bgGradient="to-br"
          gradientFrom="brand.900"
          gradientTo="brand.950"
          px={{ base: '6', md: '12' }}
          py={{ base: '12', md: '16' }}
          textAlign="center"
        >
          <Box
            aria-hidden="true"
            position="absolute"
            bottom="-12rem"
            left="-8rem"
            boxSize="28rem"
            rounded="full"
            bg="brand.600"
            opacity="0.3"
            filter="blur(100px)"
            pointerEvents="none"
          />
          <Stack position="relative" gap="6" align="center" maxW="2xl" mx="auto">
            <Heading as="h2" id="cta-title" fontSize={{ base: '3xl', md: '4xl' }} lineHeight="1.15" letterSpacing="-0.025em" color="white">
              Ready to build your first real project?
            </Heading>
            <Text fontSize={{ base: 'md', md: 'lg' }} color="brand.100">
              Join 50K+ developers learning by building. Pick a path today and ship your first project in weeks, not months.
            </Text>
            <LinkButton asChild size="xl" bg="brand.300" color="brand.950" _hover={{ bg: 'brand.200' }} w={{ base: 'full', sm: 'auto' }}>
              <RouterLink to="/register">
                Start Free Trial <ArrowRight aria-hidden="true" />
              </RouterLink>
            </LinkButton>
            <HStack gap="2" color="brand.100" fontSize="sm">
              <CircleCheck size={16} aria-hidden="true" />
              <Text>No credit card required</Text>
            </HStack>
          </Stack>
        </Theme>
      </Container>
    </Box>
  );
}
