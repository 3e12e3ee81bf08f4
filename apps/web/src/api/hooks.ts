import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@huntforge/api-client';
import type { ApiRoute, RouteResponse } from '@huntforge/contracts/api';
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
    refetchInterval:
      typeof refetchInterval === 'function'
        ? (query) => refetchInterval(query.state.data as RouteResponse<R> | undefined)
        : refetchInterval,
  });
}

export interface ApiMutationOptions<R extends ApiRoute> {
  invalidates?: readonly ApiRoute[];
  onSuccess?: (data: RouteResponse<R>) => void;
  /**
   * Finish (and run the caller's onSuccess) as soon as the write succeeds, refetching the `invalidates` routes
   * in the background. For writes that move the view elsewhere (approve → next item): otherwise the move
   * waits for refetches of what is being left.
   */
  refetchInBackground?: boolean;
}

/** A write through `route`; afterwards every cached answer of the `invalidates` routes is refetched. */
export function useApiMutation<R extends ApiRoute>(route: R, options: ApiMutationOptions<R> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<R>) => callRoute(route, input),
    onSuccess: async (data) => {
      const refetched = Promise.all(
        (options.invalidates ?? []).map((other) => client.invalidateQueries({ queryKey: [other.method, other.path] })),
      );
      if (!options.refetchInBackground) await refetched;
      options.onSuccess?.(data);
    },
  });
}

/** Loads `route`'s answer into the cache ahead of need (the item a reviewer is likely to open next). */
export function usePrefetch<R extends ApiRoute>(route: R, input: CallInput<R> | undefined): void {
  const client = useQueryClient();
  const key = JSON.stringify(input ?? null);
  useEffect(() => {
    if (input === undefined) return;
    void client.prefetchQuery({
      queryKey: routeKey(route, input),
      queryFn: ({ signal }) => callRoute(route, { ...input, signal } as CallInput<R>),
    });
    // `key` stands for the input: a new object with the same content must not prefetch again.
  }, [client, route, key]);
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
