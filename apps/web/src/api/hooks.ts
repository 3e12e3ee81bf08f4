import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@huntforge/api-client';
import type { ApiRoute, RouteResponse } from '@huntforge/contracts';
import { callRoute } from './client';

export interface ApiQueryOptions<R extends ApiRoute> {
  enabled?: boolean;
  /** Poll while the view is open (ms), or decide from the latest data. */
  refetchInterval?: number | false | ((data: RouteResponse<R> | undefined) => number | false);
}

/** The query key of a route: every cached answer of a route can be invalidated by its first two parts. */
export const routeKey = (route: ApiRoute, input?: unknown) => [route.method, route.path, input ?? {}] as const;

/** Reads `route` through TanStack Query; the key is the route and its input, so shared views share the cache. */
export function useApi<R extends ApiRoute>(route: R, input?: CallInput<R>, options: ApiQueryOptions<R> = {}) {
  const { refetchInterval } = options;
  return useQuery({
    queryKey: routeKey(route, input),
    queryFn: ({ signal }) => callRoute(route, { ...(input ?? {}), signal } as CallInput<R>),
    enabled: options.enabled,
    refetchInterval: typeof refetchInterval === 'function' ? (query) => refetchInterval(query.state.data as RouteResponse<R> | undefined) : refetchInterval,
  });
}

/** A write through `route`; afterwards every cached answer of the `invalidates` routes is refetched. */
export function useApiMutation<R extends ApiRoute>(route: R, options: { invalidates?: readonly ApiRoute[]; onSuccess?: (data: RouteResponse<R>) => void } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<R>) => callRoute(route, input),
    onSuccess: async (data) => {
      await Promise.all((options.invalidates ?? []).map((other) => client.invalidateQueries({ queryKey: [other.method, other.path] })));
      options.onSuccess?.(data);
    },
  });
}

/**
 * Refetches the `routes` whenever `value` changes after the first render: views computed from work another
 * view watches (an aggregate of finished runs) were read before that work moved on.
 */
export function useRefetchOnChange(value: string | number, routes: readonly ApiRoute[]): void {
  const client = useQueryClient();
  const previous = useRef(value);
  useEffect(() => {
    if (previous.current === value) return;
    previous.current = value;
    for (const route of routes) void client.invalidateQueries({ queryKey: [route.method, route.path] });
  }, [value, client, routes]);
}
