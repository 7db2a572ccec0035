import { useQueries } from "@tanstack/react-query";
import { useCallback } from "react";
import { photoIdFromUrl, screenPhotoUrl } from "../../../shared/photo-urls";
import type { ProgramInput } from "../../../shared/schemas";

/**
 * Which of the program's stored photos the server no longer has (removed in another window), so
 * the print check can say so instead of the PDF silently leaving them out.
 */
export const useMissingPhotos = (program: ProgramInput) => {
  const urls = [
    ...new Set(
      [program.mainPhotoUrl, program.backgroundImage, ...program.additionalPhotos.map((p) => p.url)].filter(
        (url) => url && photoIdFromUrl(url) !== undefined,
      ),
    ),
  ];
  const results = useQueries({
    queries: urls.map((url) => ({
      queryKey: ["photo-exists", url],
      queryFn: async () => {
        // The preview loads the same screen copy, so this is usually a cached revalidation.
        const response = await fetch(screenPhotoUrl(url), { credentials: "include" });
        await response.body?.cancel();
        return response.status !== 404;
      },
      staleTime: 60_000,
    })),
  });
  const missing = new Set(urls.filter((_, i) => results[i]?.data === false));
  const key = [...missing].join("\n");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the joined key stands for the set.
  return useCallback((url: string) => missing.has(url), [key]);
};
