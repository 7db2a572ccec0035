import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { User } from "../../shared/schemas";
import { ApiError, apiRequest } from "./api";

export const USER_QUERY_KEY = ["/api/auth/user"] as const;

/** The signed-in user, or null: a 401 means signed out, any other failure is an error. */
const fetchUser = async (): Promise<User | null> => {
  try {
    return await apiRequest<User>("GET", USER_QUERY_KEY[0]);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
};

export const useSession = () => {
  const query = useQuery({ queryKey: USER_QUERY_KEY, queryFn: fetchUser });
  return { user: query.data ?? null, isLoading: query.isPending, error: query.error };
};

/** Refreshes the cached user after login, register or logout; resolves when it is known. */
export const useRefreshSession = () => {
  const queryClient = useQueryClient();
  return () => queryClient.refetchQueries({ queryKey: USER_QUERY_KEY });
};
