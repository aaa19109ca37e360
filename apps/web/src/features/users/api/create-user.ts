import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateUserBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import { invalidateAfterUserChange } from './invalidate';

export const createUser = (body: CreateUserBody) => api.users.create({ body });

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createUser, onSuccess: () => invalidateAfterUserChange(queryClient) });
}
