import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { RegisterScreen } from '../screens/Register/RegisterScreen';
import { authMessages, authMutations } from '../api/auth';
import { notify } from '../components/ui/toaster';

/** A new account goes on to sign in, with its email filled in. */
export function RegisterRoute() {
  const navigate = useNavigate();
  const register = useMutation(authMutations.register());
  return (
    <RegisterScreen
      isSubmitting={register.isPending}
      onSubmit={(values) => register.mutate(values, { onSuccess: () => navigate('/login') })}
      onGoogle={() => notify('info', authMessages.googleUnavailable)}
    />
  );
}
