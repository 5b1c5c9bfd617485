import { Box, Flex, Stack, Text } from '@chakra-ui/react';
import { Footprints } from 'lucide-react';
import { TitledCard } from '../../../components/TitledCard/TitledCard';

const STEPS = [
  { title: 'Pick a path', text: 'Each path is a series of real projects to build, in order.' },
  { title: 'Start its first project', text: 'Read the brief, then tick its tasks as you work through them.' },
  { title: 'Submit your repository', text: 'The project is completed and the next one unlocks.' },
];

/** For a new learner: how learning on PathForge goes, in three steps. */
export function FirstStepsCard() {
  return (
    <TitledCard title="Your First Steps" icon={<Footprints />}>
      <Stack as="ol" gap="3" listStyleType="none">
        {STEPS.map((step, index) => (
          <Flex as="li" key={step.title} gap="3" align="flex-start">
            <Flex
              flexShrink={0}
              boxSize="7"
              align="center"
              justify="center"
              rounded="full"
              bg="brand.subtle"
              color="brand.fg"
              fontWeight="semibold"
              fontSize="sm"
              aria-hidden="true"
            >
              {index + 1}
            </Flex>
            <Box minW="0">
              <Text fontWeight="semibold" color="fg">
                {step.title}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {step.text}
              </Text>
            </Box>
          </Flex>
        ))}
      </Stack>
    </TitledCard>
  );
}
