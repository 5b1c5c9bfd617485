import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { Button, Center, Heading, Stack } from '@chakra-ui/react';
import { authMutations } from '../api/auth';
import { useSession } from '../stores/session';

/** Placeholder until the dashboard lands (issue 3). */
export function DashboardRoute() {
  const user = useSession((s) => s.user);
  const navigate = useNavigate();
  const logout = useMutation(authMutations.logout());
  return (
    <Center minH="100dvh">
      <Stack align="center" gap="4">
        <Heading as="h1">Welcome back, {user?.username}!</Heading>
        <Button onClick={() => logout.mutate(undefined, { onSettled: () => navigate('/') })}>Sign Out</Button>
      </Stack>
    </Center>
  );
}
