import { useMutation } from '@tanstack/react-query';
import { LoginScreen } from '../screens/Login/LoginScreen';
import { authMessages, authMutations } from '../api/auth';
import { notify } from '../components/ui/toaster';
import { useSession } from '../stores/session';

/** After a successful sign-in, GuestOnly sends the learner on (to where they were going). */
export function LoginRoute() {
  const login = useMutation(authMutations.login());
  const pendingEmail = useSession((s) => s.pendingEmail);
  return (
    <LoginScreen
      isSubmitting={login.isPending}
      defaultEmail={pendingEmail ?? undefined}
      onSubmit={(values) => login.mutate(values)}
      onGoogle={() => notify('info', authMessages.googleUnavailable)}
    />
  );
}
