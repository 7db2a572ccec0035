/** Query keys double as GET paths: the default query function fetches the key joined by "/". */
export const PROGRAMS_QUERY_KEY = ["/api/programs"] as const;
export const programQueryKey = (id: string) => ["/api/programs", id] as const;
