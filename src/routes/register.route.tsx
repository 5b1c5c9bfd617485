import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { RegisterScreen } from '../screens/Register/RegisterScreen';
import { authMutations } from '../api/auth/client';
import { oauthQueries, providerLinks } from '../api/oauth/client';

/** A new account goes on to sign in, with its email filled in. */
export function RegisterRoute() {
  const navigate = useNavigate();
  const register = useMutation(authMutations.register());
  const providers = useQuery(oauthQueries.providers());
  return (
    <RegisterScreen
      isSubmitting={register.isPending}
      onSubmit={(values) => register.mutate(values, { onSuccess: () => navigate('/login') })}
      providers={providerLinks(providers.data)}
    />
  );
}
