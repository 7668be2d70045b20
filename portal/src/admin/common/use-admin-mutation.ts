import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { messageOf } from '../../api/errors';
import { useNotifications } from '../../layout/Notifications';

// A change made from an operator screen: on success the affected lists and records reload
// (targeted by key prefix) and a toast says what happened; on failure a toast gives the API's
// message, unless the screen shows errors itself (forms put them under the field).

export function useAdminMutation<V, R>(options: {
  mutationFn(variables: V): Promise<R>;
  invalidate: QueryKey[];
  success: string | ((result: R, variables: V) => string);
  errorFallback: string;
  /** Forms show the error next to the field; actions let the toast say it. */
  toastErrors?: boolean;
  onSuccess?(result: R, variables: V): void;
}) {
  const queryClient = useQueryClient();
  const { notify } = useNotifications();
  return useMutation({
    mutationFn: options.mutationFn,
    onSuccess: async (result, variables) => {
      await Promise.all(options.invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      notify(typeof options.success === 'string' ? options.success : options.success(result, variables), 'success');
      options.onSuccess?.(result, variables);
    },
    onError: (error) => {
      if (options.toastErrors ?? true) notify(messageOf(error, options.errorFallback), 'error');
    },
  });
}
