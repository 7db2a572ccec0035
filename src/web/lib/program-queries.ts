/** Query keys double as GET paths (spec section 7). */
export const PROGRAMS_QUERY_KEY = ["/api/programs"] as const;
export const programQueryKey = (id: string) => ["/api/programs", id] as const;
