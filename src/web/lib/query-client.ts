import { QueryClient, type QueryFunction } from "@tanstack/react-query";
import { apiRequest } from "./api";

/** Spec section 7: the query key's segments joined by "/" are the GET path. */
const getByKey: QueryFunction = ({ queryKey }) => apiRequest("GET", queryKey.map(String).join("/"));

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      // Data is never stale, never refetched on focus and never retried: the app refreshes what it changes itself.
      queries: {
        queryFn: getByKey,
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
