import { type AdminCoupon, type CreateCouponBody, endpoints, type UpdateCouponBody } from '@kaushal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /admin/coupons: every coupon, newest first, with its settled redemptions (admin). */
export const adminCouponsQuery = () =>
  queryOptions({
    queryKey: adminKeys.coupons(),
    queryFn: ({ signal }) => api(endpoints.adminCoupons, { signal }),
    staleTime: 0,
  });

export const useAdminCoupons = () => useQuery(adminCouponsQuery());

export type SaveCoupon = { id: null; body: CreateCouponBody } | { id: string; body: UpdateCouponBody };

/** POST /admin/coupons (a new coupon) or PATCH /admin/coupons/:id (a change, switching it on or off included). */
export function useSaveCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: SaveCoupon): Promise<AdminCoupon> =>
      save.id === null
        ? api(endpoints.adminCreateCoupon, { body: save.body })
        : api(endpoints.adminUpdateCoupon, { params: { id: save.id }, body: save.body }),
    onSuccess: (saved) => {
      // The row changes at once; the list is read again for the order and anyone else's changes.
      queryClient.setQueryData(adminCouponsQuery().queryKey, (list) =>
        list
          ? {
              coupons: list.coupons.some((c) => c.id === saved.id)
                ? list.coupons.map((c) => (c.id === saved.id ? saved : c))
                : [saved, ...list.coupons],
            }
          : list,
      );
      void queryClient.invalidateQueries({ queryKey: adminKeys.coupons() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.auditAll() });
    },
  });
}
