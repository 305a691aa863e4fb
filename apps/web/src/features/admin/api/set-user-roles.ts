import { endpoints, type StaffRole } from '@kaushal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

/** PUT /admin/users/:id/roles: exactly these staff roles (admin; never your own admin role away). */
export function useSetUserRoles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, roles }: { userId: string; roles: StaffRole[] }) =>
      api(endpoints.adminUserRoles, { params: { id: userId }, body: { roles } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.users() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.auditAll() });
    },
  });
}
