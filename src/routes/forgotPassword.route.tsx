import { useMutation } from '@tanstack/react-query';
import { ForgotPasswordScreen } from '../screens/ForgotPassword/ForgotPasswordScreen';
import { authMutations } from '../api/auth/client';

export function ForgotPasswordRoute() {
  const request = useMutation(authMutations.forgotPassword());
  const status = request.isPending ? 'submitting' : request.isSuccess ? 'sent' : 'idle';
  return <ForgotPasswordScreen status={status} onSubmit={(values) => request.mutate(values)} />;
}
