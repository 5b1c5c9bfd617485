import { Heading } from '@chakra-ui/react';
import { useSession } from '../stores/session';

/** Placeholder until the dashboard lands (issue 3): greets the signed-in learner by name. */
export function DashboardRoute() {
  const user = useSession((s) => s.user);
  return (
    <Heading as="h1" size="2xl">
      Welcome back, {user?.username}!
    </Heading>
  );
}
