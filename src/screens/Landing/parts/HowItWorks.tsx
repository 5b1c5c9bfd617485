import { Box, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { steps } from '../sections.content';
import { Section } from './Section';

/** How It Works: exactly three numbered steps. */
export function HowItWorks() {
  return (
    <Section
      id="howItWork"
      eyebrow="How it works"
      title="From first line of code to finished project"
      description="Three steps, repeated project after project, until you have the skills and the portfolio to prove them."
    >
      <SimpleGrid as="ol" listStyleType="none" columns={{ base: 1, md: 3 }} gap={{ base: '5', md: '6' }}>
        {steps.map(({ icon: Icon, title, description }, index) => (
          <Box as="li" key={title} position="relative" bg="surface" borderWidth="1px" borderColor="border" rounded="2xl" p={{ base: '5', md: '7' }} boxShadow="xs">
            <Stack gap={{ base: '3', md: '4' }}>
              <Stack direction="row" align="center" justify="space-between">
                <Box
                  display="flex"
                  alignItems="center"
                  justifyContent="center"
                  boxSize={{ base: '10', md: '11' }}
                  rounded="xl"
                  bg="brand.solid"
                  color="brand.contrast"
                >
                  <Icon size={22} aria-hidden="true" />
                </Box>
                <Text
                  fontSize="sm"
                  fontWeight="semibold"
                  color="brand.fg"
                  textTransform="uppercase"
                  letterSpacing="wider"
                  bg="brand.subtle"
                  borderWidth="1px"
                  borderColor="brand.muted"
                  rounded="full"
                  px="3"
                  py="1"
                >
                  Step {index + 1}
                </Text>
              </Stack>
              <Heading as="h3" size="lg" letterSpacing="-0.01em">
                {title}
              </Heading>
              <Text color="fg.muted">{description}</Text>
            </Stack>
          </Box>
        ))}
      </SimpleGrid>
    </Section>
  );
}
