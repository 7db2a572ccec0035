import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { User } from "../../shared/schemas";
import { apiRequest } from "./api";

export const USER_QUERY_KEY = ["/api/auth/user"] as const;

/**
 * The signed-in user, or null. Asked of /api/auth/session, which answers 200 for a visitor too, so a
 * first visit logs no failed request; the cache keeps the user's own address as its key.
 */
const fetchUser = async (): Promise<User | null> =>
  (await apiRequest<{ user: User | null }>("GET", "/api/auth/session")).user;

export const useSession = () => {
  const query = useQuery({ queryKey: USER_QUERY_KEY, queryFn: fetchUser });
  return { user: query.data ?? null, isLoading: query.isPending, error: query.error };
};

/** Refreshes the cached user after login, register or logout; resolves when it is known. */
export const useRefreshSession = () => {
  const queryClient = useQueryClient();
  return () => queryClient.refetchQueries({ queryKey: USER_QUERY_KEY });
};
